import type { z } from 'zod';
import { type FieldRefusal, fieldRefusal, isRefusalCode, type RefusalCode } from './refusals/index.ts';

/**
 * A schema's error names a refusal code instead of an English text (`z.string({ error: coded('text_required') })`),
 * so the API answers `{ code, message }` and the storefront translates the code (decision 037). The type checks the
 * code exists.
 */
export const coded = (code: RefusalCode): string => code;

/** The coded form of one zod issue: its own code when the schema named one, else `invalid_value` with zod's text. */
export function issueRefusal(message: string | undefined): FieldRefusal {
  if (isRefusalCode(message)) return fieldRefusal(message as never);
  return { code: 'invalid_value', message: message || 'is invalid' };
}

/**
 * The first refusal per field of a failed parse, keyed by the field's path ("rating", "items.0.text"): what the API
 * answers as `errors` and what a form shows beside each field (through its translation of the code).
 */
export function fieldRefusalsOf(error: z.ZodError, fallbackField = 'request'): Record<string, FieldRefusal> {
  const errors: Record<string, FieldRefusal> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : fallbackField;
    errors[field] ??= issueRefusal(issue.message);
  }
  return errors;
}

/** The first English text per field (the back office, which is English only, shows these as they are). */
export function firstFieldErrors(error: z.ZodError, fallbackField = 'request'): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldRefusalsOf(error, fallbackField)).map(([field, refusal]) => [field, refusal.message]));
}
