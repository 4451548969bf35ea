import type { z } from 'zod';

/**
 * The first message per field of a failed parse, keyed by the field's path ("rating", "items.0.text"): what the
 * API answers as `errors` and what a form shows beside each field.
 */
export function firstFieldErrors(error: z.ZodError, fallbackField = 'request'): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : fallbackField;
    errors[field] ??= issue.message;
  }
  return errors;
}
