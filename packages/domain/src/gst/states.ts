import { indianStates } from '../address.ts';

/**
 * The GST state codes (the first two digits of a GSTIN, and the "place of supply" code on an invoice), keyed by the
 * state names addresses store (address.ts). Codes are the GST Network's: 25 (Daman and Diu) merged into 26 in 2020,
 * 28 is Andhra Pradesh before the 2014 split (37 since), 38 is Ladakh, 97 "Other Territory" and 99 "Centre
 * Jurisdiction" belong to no address.
 */
export const gstStateCodes = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
} as const satisfies Record<(typeof indianStates)[number], string>;

export type GstState = keyof typeof gstStateCodes;

/** Codes a GSTIN may start with: every state's, the retired 25 and 28, and 97 (Other Territory). */
const GSTIN_STATE_CODES = new Set<string>([...Object.values(gstStateCodes), '25', '28', '97', '99']);

export function isGstinStateCode(code: string): boolean {
  return GSTIN_STATE_CODES.has(code);
}

const byLowerName = new Map<string, GstState>(Object.keys(gstStateCodes).map((name) => [name.toLowerCase(), name as GstState]));

/** The GST code of a state by its name (any case), or null for a name that is not an Indian state or territory. */
export function gstStateCode(name: string): string | null {
  const state = byLowerName.get(name.trim().replace(/\s+/g, ' ').toLowerCase());
  return state ? gstStateCodes[state] : null;
}

/** The state's name for a code, or null. */
export function gstStateName(code: string): GstState | null {
  for (const [name, value] of Object.entries(gstStateCodes)) if (value === code) return name as GstState;
  return null;
}
