import { zodResolver } from '@hookform/resolvers/zod';
import { issueRefusal } from '@shop/domain/field-errors';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Each field error of react-hook-form (nested for `variants.0.sku`), its code as `type` and its English text as `message`. */
function inEnglish(errors: unknown): void {
  if (!errors || typeof errors !== 'object') return;
  const error = errors as { message?: unknown; type?: unknown };
  if (typeof error.message === 'string' && typeof error.type === 'string') {
    const refusal = issueRefusal(error.message);
    error.type = refusal.code;
    error.message = refusal.message;
  }
  for (const [key, value] of Object.entries(errors)) if (key !== 'ref' && key !== 'message' && key !== 'type') inEnglish(value);
}

/**
 * zodResolver for the back office's forms: the domain schemas name refusal codes (decision 037), so each field's
 * error gets its code as `type` (what a form may branch on) and the code's English text as `message` (what the
 * English-only back office shows).
 */
export function adminResolver<T extends z.ZodType<FieldValues, FieldValues>>(schema: T): Resolver<z.input<T>, unknown, z.output<T>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<z.input<T>, unknown, z.output<T>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    inEnglish(result.errors);
    return result;
  };
}
