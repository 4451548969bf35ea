import { randomInt } from 'node:crypto';

/**
 * Order numbers: "KG-" + the order's date in India (YYMMDD) + 6 random characters, e.g. KG-261123-7K3M9Q.
 * Readable over the phone (no 0/O, 1/I/L, U), sortable by day, and with 30^6 ≈ 729 million choices a day
 * nobody can walk through other people's orders by guessing; tracking also needs the order's mobile number,
 * and is rate-limited. Uniqueness is the database's job (a unique index; the caller retries on a clash).
 */

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const IST_OFFSET_MS = 5.5 * 3_600_000;

export function orderNumber(now: Date = new Date()): string {
  const india = new Date(now.getTime() + IST_OFFSET_MS);
  const date = india.toISOString().slice(2, 10).replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `KG-${date}-${suffix}`;
}
