/** The refusal codes the tracking form can give before asking the API. */
export type TrackInputRefusals = { number?: 'order_number_invalid'; mobile?: 'tracking_mobile_invalid' };

/** An order number as the API reads it, in any case: KG-261123-7K3M9Q. */
const ORDER_NUMBER = /^KG-\d{6}-[0-9A-Z]{6}$/i;

/**
 * Whether `input` reads as an Indian mobile number, as the API's normaliseIndianMobile reads it: an optional +91,
 * 0091, 91 or 0 in front of ten digits starting 6–9, with spaces, dashes, dots and brackets anywhere.
 */
function readsAsMobile(input: string): boolean {
  if (input.length > 40) return false;
  let digits = input.replace(/[\s\-.()]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits);
}

/**
 * The checks of POST /api/order/track (trackOrderRequestSchema), made in the browser so an empty or mistyped form is
 * answered at once and sends nothing. Written out rather than imported: the domain's order and phone modules build zod
 * schemas and carry every refusal's English text, which would otherwise ship to the browser (as in
 * lib/api/orders-browser.ts); track-input.test.ts checks the two agree.
 */
export function trackInputRefusals(number: string, mobile: string): TrackInputRefusals {
  const refusals: TrackInputRefusals = {};
  if (!ORDER_NUMBER.test(number.trim())) refusals.number = 'order_number_invalid';
  if (!readsAsMobile(mobile)) refusals.mobile = 'tracking_mobile_invalid';
  return refusals;
}
