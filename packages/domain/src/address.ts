import { z } from 'zod';

/**
 * Saved delivery addresses: the rules and their messages, shared by the storefront's form and the API
 * (/api/user/addresses). Every message names its field, so a visitor knows what to fix. The storefront
 * translates these English texts by exact match, so change a message only together with its translations.
 */

export const indianStatesOnly = [
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana',
  'Himachal Pradesh', 'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya',
  'Mizoram', 'Nagaland', 'Odisha', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura',
  'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
] as const;

export const indianUnionTerritories = [
  'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi',
  'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Puducherry',
] as const;

/** The 28 states, then the 8 union territories, by the names stored in addresses.state. */
export const indianStates = [...indianStatesOnly, ...indianUnionTerritories] as const;
export type IndianState = (typeof indianStates)[number];

/** Most addresses one account may keep (the API answers 409 with `addressLimitMessage` beyond it). */
export const MAX_ADDRESSES_PER_USER = 20;
export const addressLimitMessage = `You can save at most ${MAX_ADDRESSES_PER_USER} addresses. Delete one to add another.`;
export const addressNotFoundMessage = 'Address not found';

export const addressLimits = { name: 80, line1: 120, line2: 120, landmark: 80, city: 60 } as const;

/** Every message the address rules can give, keyed for translation tables. */
export const addressMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name can be at most ${addressLimits.name} characters`,
  mobileRequired: 'Mobile number is required',
  mobileDigits: 'Mobile number must be 10 digits',
  mobileStart: 'Mobile number must start with 6, 7, 8 or 9',
  line1Required: 'Address line 1 is required',
  line1TooLong: `Address line 1 can be at most ${addressLimits.line1} characters`,
  line2TooLong: `Address line 2 can be at most ${addressLimits.line2} characters`,
  landmarkTooLong: `Landmark can be at most ${addressLimits.landmark} characters`,
  cityRequired: 'City is required',
  cityTooLong: `City can be at most ${addressLimits.city} characters`,
  state: 'Choose a state',
  pincodeRequired: 'PIN code is required',
  pincode: 'PIN code must be 6 digits and cannot start with 0',
  isDefault: 'Default must be true or false',
} as const;
export type AddressMessageKey = keyof typeof addressMessages;

/**
 * One line of text as it will be printed on a parcel: control characters (which PostgreSQL's text type or a
 * courier label would choke on) and runs of whitespace become single spaces, the ends are trimmed.
 */
export function cleanLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
}

function requiredLine(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .transform(cleanLine)
    .pipe(z.string().min(1, required).max(max, tooLong));
}

/** Optional line: absent, null or blank all mean "none" and become null (what the database stores). */
function optionalLine(tooLong: string, max: number) {
  return z
    .string({ error: tooLong })
    .nullish()
    .transform((value) => (value ? cleanLine(value) : ''))
    .pipe(z.string().max(max, tooLong))
    .transform((value) => (value === '' ? null : value));
}

/** Ten digits, the first 6–9. Spaces, dashes and a +91 or 0 prefix are forgiven; the output is the 10 digits. */
const mobileField = z.string({ error: addressMessages.mobileRequired }).transform((value, context) => {
  let digits = value.replace(/[\s\-.()]/g, '');
  if (digits === '') {
    context.addIssue({ code: 'custom', message: addressMessages.mobileRequired });
    return z.NEVER;
  }
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (!/^\d{10}$/.test(digits)) {
    context.addIssue({ code: 'custom', message: addressMessages.mobileDigits });
    return z.NEVER;
  }
  if (!/^[6-9]/.test(digits)) {
    context.addIssue({ code: 'custom', message: addressMessages.mobileStart });
    return z.NEVER;
  }
  return digits;
});

const stateByName = new Map<string, IndianState>(indianStates.map((name) => [name.toLowerCase(), name]));

/** A state or union territory by name; case and extra spaces are forgiven, the output is the listed name. */
const stateField = z.string({ error: addressMessages.state }).transform((value, context) => {
  const state = stateByName.get(cleanLine(value).toLowerCase());
  if (!state) {
    context.addIssue({ code: 'custom', message: addressMessages.state });
    return z.NEVER;
  }
  return state;
});

/** Six digits, not starting with 0 (no Indian PIN code does); "560 001" is read as "560001". */
const pincodeField = z.string({ error: addressMessages.pincodeRequired }).transform((value, context) => {
  const digits = value.replace(/\s/g, '');
  if (digits === '') {
    context.addIssue({ code: 'custom', message: addressMessages.pincodeRequired });
    return z.NEVER;
  }
  if (!/^[1-9]\d{5}$/.test(digits)) {
    context.addIssue({ code: 'custom', message: addressMessages.pincode });
    return z.NEVER;
  }
  return digits;
});

/** What a visitor sends to add or replace an address (POST and PUT /api/user/addresses). */
export const addressInputSchema = z.object({
  name: requiredLine(addressMessages.nameRequired, addressMessages.nameTooLong, addressLimits.name),
  mobile: mobileField,
  line1: requiredLine(addressMessages.line1Required, addressMessages.line1TooLong, addressLimits.line1),
  line2: optionalLine(addressMessages.line2TooLong, addressLimits.line2),
  landmark: optionalLine(addressMessages.landmarkTooLong, addressLimits.landmark),
  city: requiredLine(addressMessages.cityRequired, addressMessages.cityTooLong, addressLimits.city),
  state: stateField,
  pincode: pincodeField,
  isDefault: z.boolean({ error: addressMessages.isDefault }).optional(),
});
export type AddressInput = z.input<typeof addressInputSchema>;
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
  return [address.line1, address.line2, address.landmark, `${address.city}, ${address.state} ${address.pincode}`].filter(
    (line): line is string => Boolean(line),
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

/** The first message per field of a failed parse, as the API's `errors` and a form's field errors. */
export function addressFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'address';
    errors[field] ??= issue.message;
  }
  return errors;
}
