import { type DeliverySettings, type DeliveryZone, deliveryZones } from '@shop/domain/delivery/delivery-settings';
import type { FieldRefusal } from '@shop/domain/refusals/index';

/**
 * The delivery settings form's values (text inputs) to and from the API's `delivery` settings (decision 080). Holidays
 * are typed one date per line (or separated by commas or spaces); a number that is not one becomes NaN, which the
 * domain's schema then refuses by its code, so the form and the API say the same thing.
 */
export interface DeliveryFormValues {
  originCity: string;
  originState: string;
  cutoffHour: string;
  /** The ticked weekday boxes' values, "0" Sunday … "6" Saturday. */
  dispatchWeekdays: string[];
  personalisationDays: string;
  holidays: string;
  transitDays: Record<DeliveryZone, { min: string; max: string }>;
}

export const deliveryFormFields = [
  'originCity',
  'originState',
  'cutoffHour',
  'dispatchWeekdays',
  'personalisationDays',
  'holidays',
  ...deliveryZones.flatMap((zone) => [`transitDays.${zone}.min`, `transitDays.${zone}.max`]),
] as const;

export function deliveryFormValuesOf(settings: DeliverySettings): DeliveryFormValues {
  const transitDays = Object.fromEntries(
    deliveryZones.map((zone) => [zone, { min: String(settings.transitDays[zone].min), max: String(settings.transitDays[zone].max) }]),
  ) as DeliveryFormValues['transitDays'];
  return {
    originCity: settings.originCity,
    originState: settings.originState,
    cutoffHour: String(settings.cutoffHour),
    dispatchWeekdays: settings.dispatchWeekdays.map(String),
    personalisationDays: String(settings.personalisationDays),
    holidays: settings.holidays.join('\n'),
    transitDays,
  };
}

const whole = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The API's `delivery` body from the form. */
export function deliveryBodyOf(values: DeliveryFormValues): Record<string, unknown> {
  return {
    originCity: values.originCity,
    originState: values.originState,
    cutoffHour: whole(values.cutoffHour),
    // A checkbox group with nothing ticked may come back as `false` rather than []: none ticked either way.
    dispatchWeekdays: Array.isArray(values.dispatchWeekdays) ? values.dispatchWeekdays.map(whole) : [],
    personalisationDays: whole(values.personalisationDays),
    holidays: values.holidays.split(/[\s,]+/).filter(Boolean),
    transitDays: Object.fromEntries(
      deliveryZones.map((zone) => [zone, { min: whole(values.transitDays[zone].min), max: whole(values.transitDays[zone].max) }]),
    ),
  };
}

/**
 * The API's (or the schema's) errors as the form's fields: `delivery.holidays.2` → holidays; a zone whose fewest days
 * exceed its most (`transitDays.metro`) → that zone's "most" field.
 */
export function deliveryFieldErrors(errors: Record<string, FieldRefusal> | undefined): Record<string, FieldRefusal> {
  const mapped: Record<string, FieldRefusal> = {};
  for (const [path, error] of Object.entries(errors ?? {})) {
    const parts = path.replace(/^delivery\./, '').split('.');
    const field = parts[0] === 'transitDays' && parts[1] ? `transitDays.${parts[1]}.${parts[2] ?? 'max'}` : (parts[0] ?? '');
    mapped[field] ??= error;
  }
  return mapped;
}
