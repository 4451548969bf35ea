/**
 * The promise's dates as a shopper reads them: "Sat, 5 Dec – Mon, 7 Dec" in their language. The API's dates are
 * calendar dates (YYYY-MM-DD, India's calendar), formatted at UTC midnight so no time zone moves them a day.
 */
export function formatDeliveryDay(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(`${locale}-IN`, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function formatDeliveryRange(earliest: string, latest: string, locale: string): string {
  const from = formatDeliveryDay(earliest, locale);
  return earliest === latest ? from : `${from} – ${formatDeliveryDay(latest, locale)}`;
}

/** The pincode the shopper last checked, remembered on this device (nothing personal: no name, no address). */
export const REMEMBERED_PINCODE_KEY = 'kaarigar.pincode';

export function rememberedPincode(): string {
  try {
    const value = window.localStorage.getItem(REMEMBERED_PINCODE_KEY) ?? '';
    return /^[1-9]\d{5}$/.test(value) ? value : '';
  } catch {
    return ''; // storage blocked (private mode, policy): the field just starts empty
  }
}

export function rememberPincode(pincode: string): void {
  try {
    window.localStorage.setItem(REMEMBERED_PINCODE_KEY, pincode);
  } catch {
    // Storage blocked: nothing to remember with.
  }
}

/** Fills `{name}` placeholders of a text translated on the server. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
