import { type RefusalCode, refusals } from '../refusals/index.ts';

/**
 * The `max` a code names as a fixed param (`admin_name_too_long` -> 80): a schema's limit and its refusal text come
 * from the one entry in ../refusals/admin.ts.
 */
export function maxOf(code: RefusalCode): number {
  const max = (refusals[code] as { fixed?: { max?: unknown } }).fixed?.max;
  if (typeof max !== 'number') throw new Error(`${code} names no fixed max`);
  return max;
}
