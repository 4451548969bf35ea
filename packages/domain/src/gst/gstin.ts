import { isGstinStateCode } from './states.ts';

/**
 * A GSTIN (Goods and Services Tax Identification Number) of a regular taxpayer, 15 characters:
 *   2 digits  the state code (states.ts)
 *   10        the holder's PAN: 5 letters, 4 digits, 1 letter (the 4th letter is the kind of holder: P person,
 *             C company, H HUF, F firm, A association, T trust, B body of individuals, L local authority,
 *             J artificial juridical person, G government)
 *   1         the registration's number within that state for the same PAN: 1–9, then A–Z
 *   1         "Z" (the default for every regular registration)
 *   1         a check character over the first 14 (the GSTN's Luhn mod 36 variant)
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^(\d{2})([A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/**
 * The check character of the first 14 characters: each character's value (0–35) is multiplied by 1 and 2 in turn
 * from the left, each product's base-36 digits are added (quotient + remainder), and the check is what brings the
 * sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = ALPHABET.indexOf(first14[index] ?? '');
    if (value < 0) throw new Error('a GSTIN holds only digits and capital letters');
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = 'length' | 'state_code' | 'pan' | 'shape' | 'check_character';

/** Why a GSTIN (already trimmed and upper-cased) is not valid, or null when it is. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (gstin.length !== 15) return 'length';
  if (!isGstinStateCode(gstin.slice(0, 2))) return 'state_code';
  if (!/^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/.test(gstin.slice(2, 12))) return 'pan';
  if (!SHAPE.test(gstin)) return 'shape';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'check_character';
  return null;
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}

/** Spaces removed and letters upper-cased, as people type and paste them. */
export function normaliseGstin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
