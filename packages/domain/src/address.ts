import { z } from 'zod';
import { coded } from './field-errors.ts';
import type { RefusalCode } from './refusals/index.ts';
import { addressLimits, MAX_ADDRESSES_PER_USER } from './refusals/account.ts';

/**
 * Saved delivery addresses: the rules, shared by the storefront's form and the API (/api/user/addresses). Each check
 * names a refusal code of the account area (packages/domain/src/refusals/account.ts) whose text names its field, so a
 * visitor knows what to fix; the storefront translates the code (decision 037).
 */

export const indianStatesOnly = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

export const indianUnionTerritories = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

/** The 28 states, then the 8 union territories, by the names stored in addresses.state. */
export const indianStates = [...indianStatesOnly, ...indianUnionTerritories] as const;
type IndianState = (typeof indianStates)[number];

/** Most addresses one account may keep (the API answers `address_limit_reached` beyond it). */
export { addressLimits, MAX_ADDRESSES_PER_USER };

/**
 * One line of text as it will be printed on a parcel: control characters (which PostgreSQL's text type or a
 * courier label would choke on) and runs of whitespace become single spaces, the ends are trimmed.
 */
export function cleanLine(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function requiredLine(required: RefusalCode, tooLong: RefusalCode, max: number) {
  return z
    .string({ error: coded(required) })
    .transform(cleanLine)
    .pipe(z.string().min(1, coded(required)).max(max, coded(tooLong)));
}

/** Optional line: absent, null or blank all mean "none" and become null (what the database stores). */
function optionalLine(tooLong: RefusalCode, max: number) {
  return z
    .string({ error: coded(tooLong) })
    .nullish()
    .transform((value) => (value ? cleanLine(value) : ''))
    .pipe(z.string().max(max, coded(tooLong)))
    .transform((value) => (value === '' ? null : value));
}

/** Ten digits, the first 6–9. Spaces, dashes and a +91 or 0 prefix are forgiven; the output is the 10 digits. */
const mobileField = z.string({ error: coded('mobile_required') }).transform((value, context) => {
  let digits = value.replace(/[\s\-.()]/g, '');
  if (digits === '') {
    context.addIssue({ code: 'custom', message: coded('mobile_required') });
    return z.NEVER;
  }
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (!/^\d{10}$/.test(digits)) {
    context.addIssue({ code: 'custom', message: coded('mobile_length_invalid') });
    return z.NEVER;
  }
  if (!/^[6-9]/.test(digits)) {
    context.addIssue({ code: 'custom', message: coded('mobile_start_invalid') });
    return z.NEVER;
  }
  return digits;
});

const stateByName = new Map<string, IndianState>(indianStates.map((name) => [name.toLowerCase(), name]));

/** A state or union territory by name; case and extra spaces are forgiven, the output is the listed name. */
const stateField = z.string({ error: coded('state_invalid') }).transform((value, context) => {
  const state = stateByName.get(cleanLine(value).toLowerCase());
  if (!state) {
    context.addIssue({ code: 'custom', message: coded('state_invalid') });
    return z.NEVER;
  }
  return state;
});

/** Six digits, not starting with 0 (no Indian PIN code does); "560 001" is read as "560001". */
const pincodeField = z.string({ error: coded('pincode_required') }).transform((value, context) => {
  const digits = value.replace(/\s/g, '');
  if (digits === '') {
    context.addIssue({ code: 'custom', message: coded('pincode_required') });
    return z.NEVER;
  }
  if (!/^[1-9]\d{5}$/.test(digits)) {
    context.addIssue({ code: 'custom', message: coded('pincode_invalid') });
    return z.NEVER;
  }
  return digits;
});

/** What a visitor sends to add or replace an address (POST and PUT /api/user/addresses). */
export const addressInputSchema = z.object({
  name: requiredLine('name_required', 'name_too_long', addressLimits.name),
  mobile: mobileField,
  line1: requiredLine('address_line1_required', 'address_line1_too_long', addressLimits.line1),
  line2: optionalLine('address_line2_too_long', addressLimits.line2),
  landmark: optionalLine('landmark_too_long', addressLimits.landmark),
  city: requiredLine('city_required', 'city_too_long', addressLimits.city),
  state: stateField,
  pincode: pincodeField,
  isDefault: z.boolean({ error: coded('default_flag_invalid') }).optional(),
});
export type AddressValues = z.output<typeof addressInputSchema>;

/** The fields a postal address is written from (a saved address, or an order's snapshot of one). */
export interface PostalAddressFields {
  line1: string;
  line2?: string | null;
  landmark?: string | null;
  city: string;
  state: string;
  pincode: string;
}

/** The lines an address is written in, empty ones left out: street lines, landmark, then "City, State PIN". */
export function addressLines(address: PostalAddressFields): string[] {
  return [address.line1, address.line2, address.landmark, `${address.city}, ${address.state} ${address.pincode}`].filter((line): line is string =>
    Boolean(line),
  );
}

/** A saved address as the API answers it. */
export const addressSchema = z.object({
  _id: z.string(),
  name: z.string(),
  mobile: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
