import { z } from 'zod';

/**
 * Building blocks for query and path parameters. Query values arrive as strings (or arrays of strings
 * when a key repeats); these schemas turn them into typed values and reject anything that would
 * otherwise reach the database as a bad value (NUL bytes, integers out of the column's range, …).
 */

/** Largest value a PostgreSQL `integer` column holds; bigger numbers would make the query fail. */
export const PG_INT_MAX = 2_147_483_647;

/** Text that PostgreSQL accepts: no NUL byte (and no other control characters, which no real input needs). */
export function text(options: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(options.min ?? 1, { message: options.min && options.min > 1 ? `must be at least ${options.min} characters` : 'must not be empty' })
    .max(options.max, { message: `must be at most ${options.max} characters` })
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value), { message: 'must not contain control characters' });
}

/** A slug as the catalogue writes them; anything else cannot match, so it is refused early. */
export const slugSchema = z
  .string()
  .min(1, { message: 'must not be empty' })
  .max(200, { message: 'must be at most 200 characters' })
  .regex(/^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}_-]*$/u, { message: 'must be a slug (lower-case letters, digits and dashes)' });

/** A whole number in a query string, e.g. `page=2`; only plain digits, so `1e9`, `0x10` and `1.5` are refused. */
export function intQuery(options: { min: number; max: number; default: number }): z.ZodDefault<ReturnType<typeof digitsSchema>>;
export function intQuery(options: { min: number; max: number }): z.ZodOptional<ReturnType<typeof digitsSchema>>;
export function intQuery(options: { min: number; max: number; default?: number }) {
  const digits = digitsSchema(options);
  return options.default === undefined ? digits.optional() : digits.default(options.default);
}

function digitsSchema(options: { min: number; max: number }) {
  return z
    .string()
    .regex(/^\d{1,10}$/, { message: `must be a whole number from ${options.min} to ${options.max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(options.min, { message: `must be at least ${options.min}` })
        .max(options.max, { message: `must be at most ${options.max}` }),
    );
}

/** `true`/`false` (also `1`/`0`) in a query string. */
export const boolQuery = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1')
  .optional();

const refusalParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()).readonly()]));
const fieldRefusalSchema = z.object({ code: z.string(), message: z.string(), params: refusalParamsSchema.optional() });

/** A refusal as the error handler answers it (decision 037): `{ message, code, params?, errors?, requestId? }`. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  params: refusalParamsSchema.optional(),
  errors: z.record(z.string(), fieldRefusalSchema).optional(),
  requestId: z.string().optional(),
});

export const limitQuery = (defaultLimit: number, max = 60) => intQuery({ min: 1, max, default: defaultLimit });
