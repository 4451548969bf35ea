import 'server-only';
import { fieldRefusalsOf } from '@shop/domain/field-errors';
import type { z } from 'zod';
import { ApiError } from '@lib/api/admin-fetch';
import type { Refusal } from '@lib/api/refusal';

/**
 * What a back-office server action answers its form: the saved thing, or the API's refusal as plain data (decision
 * 037: `code` to branch on, `message` and each field's `message` in English, which the back office shows as they are).
 */
export type ActionResult<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

/** Runs an API write; a refusal the staff member can fix (4xx) becomes a result, anything else is thrown. */
export async function attempt<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false, ...error.refusal };
    throw error;
  }
}

/** A form's own check with a domain schema, refused the way the API would (`validation_failed`, coded fields). */
export function localRefusal(error: z.ZodError): { ok: false } & Refusal {
  const errors = fieldRefusalsOf(error);
  const [first] = Object.values(errors);
  return { ok: false, status: 400, code: 'validation_failed', message: first?.message ?? 'is invalid', errors };
}
