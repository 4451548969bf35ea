import { defineRefusals } from './define.ts';

/** Refusals of the delivery promise (issue 22, decision 080): the pincode a shopper types, and the shop's settings. */
export const deliveryRefusals = defineRefusals({
  /** Not six digits, or starting with 0 (no Indian pincode does). */
  delivery_pincode_invalid: { status: 400, message: () => 'Enter a 6-digit pincode' },
  /** Six digits, but no pincode we know of. */
  delivery_pincode_unknown: {
    status: 400,
    message: (p: { pincode: string }) => `We could not find pincode ${p.pincode}. Check it and try again.`,
    example: { pincode: '999999' },
  },
  /** A known pincode our couriers do not deliver to (the carrier's serviceability file says so). */
  delivery_pincode_unserviceable: {
    status: 422,
    message: (p: { pincode: string }) => `We do not deliver to pincode ${p.pincode} yet. Choose another address.`,
    example: { pincode: '744101' },
  },
  settings_delivery_days_invalid: { status: 400, message: () => 'Enter whole days from 0 to 60, the fewest no more than the most' },
  settings_delivery_holiday_invalid: { status: 400, message: () => 'Enter holidays as dates (YYYY-MM-DD)' },
  settings_delivery_origin_invalid: { status: 400, message: () => 'Enter the city and state parcels leave from' },
  settings_delivery_cutoff_invalid: { status: 400, message: () => 'Enter the cut-off as an hour from 0 to 23' },
  /** The shop's dispatch weekdays: at least one, each 0 (Sunday) to 6 (Saturday). */
  settings_delivery_weekdays_invalid: { status: 400, message: () => 'Choose at least one day of the week the shop dispatches on' },
  /** A line of the serviceability CSV that cannot be read; `line` is its number in the file. */
  delivery_csv_invalid: {
    status: 400,
    message: (p: { line: number }) => `Line ${p.line} of the file is not "pincode, prepaid yes/no, COD yes/no, zone or transit days"`,
    example: { line: 3 },
  },
  /** The serviceability file's fourth column: a zone name or the carrier's transit days. */
  delivery_csv_zone: { status: 400, message: () => 'must be a zone name (up to 20 characters) or transit days from 0 to 60' },
  delivery_csv_empty: { status: 400, message: () => 'the file has no pincodes' },
  /** A product's made-to-order days in the back office (decision 080). */
  product_making_days_invalid: { status: 400, message: () => 'must be whole days from 0 to 60' },
});
