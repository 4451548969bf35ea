/**
 * How a client call checks the API's answer before anyone reads it (decision 040): with a schema, anything with
 * `parse(value) → T` that throws when the value does not fit. On the storefront's server that is the domain's zod
 * schema (the one the API answers with). In the shopper's browser it is a check built from the small combinators
 * below, so a page does not ship zod for its API calls: `object({ _id: string, total: number })` checks those fields
 * and its type is what it checked, so a check declared as `ResponseSchema<SavedAddress>` only compiles when it checks
 * every field SavedAddress has. Unknown fields are kept, as the API sent them.
 */
export interface ResponseSchema<T> {
  parse(value: unknown): T;
}

/** A value failed its check; `where` names the first field that did not fit. */
export class ShapeError extends Error {
  constructor(readonly where: string) {
    super(`unexpected value at ${where}`);
    this.name = 'ShapeError';
  }
}

/** A check of one value. On a failure it adds the failing key to `trail` (innermost first). */
type Check<T> = (value: unknown, trail: string[]) => value is T;

export type Checked<C> = C extends Check<infer T> ? T : never;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const string: Check<string> = (value): value is string => typeof value === 'string';
export const number: Check<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
export const boolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

export function oneOf<const T extends readonly (string | number)[]>(...values: T): Check<T[number]> {
  return (value): value is T[number] => values.some((allowed) => allowed === value);
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, trail): value is T | null => value === null || check(value, trail);
}

/** A field that may be absent (or undefined). */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, trail): value is T | undefined => value === undefined || check(value, trail);
}

export function array<T>(item: Check<T>): Check<T[]> {
  return (value, trail): value is T[] => {
    if (!Array.isArray(value)) return false;
    for (let index = 0; index < value.length; index += 1) {
      if (!item(value[index], trail)) {
        trail.push(String(index));
        return false;
      }
    }
    return true;
  };
}

/** An object with any keys whose values all pass `item` (e.g. a variant's attributes). */
export function record<T>(item: Check<T>): Check<Record<string, T>> {
  return (value, trail): value is Record<string, T> => {
    if (!isRecord(value)) return false;
    for (const [key, entry] of Object.entries(value)) {
      if (!item(entry, trail)) {
        trail.push(key);
        return false;
      }
    }
    return true;
  };
}

export function object<S extends Record<string, Check<unknown>>>(shape: S): Check<{ [K in keyof S]: Checked<S[K]> }> {
  return (value, trail): value is { [K in keyof S]: Checked<S[K]> } => {
    if (!isRecord(value)) return false;
    for (const [key, check] of Object.entries(shape)) {
      if (!check(value[key], trail)) {
        trail.push(key);
        return false;
      }
    }
    return true;
  };
}

/** The fields of `{ data, total, page, limit, hasMore }` around a list of `item` (for `object`, possibly with more). */
export function pageShape<T>(item: Check<T>) {
  return { data: array(item), total: number, page: number, limit: number, hasMore: boolean };
}

/** A check as a ResponseSchema: `parse` answers the value itself, or throws a ShapeError naming the first misfit. */
export function guard<T>(check: Check<T>): ResponseSchema<T> {
  return {
    parse(value: unknown): T {
      const trail: string[] = [];
      if (check(value, trail)) return value;
      throw new ShapeError(trail.length > 0 ? trail.reverse().join('.') : '(the answer)');
    },
  };
}
