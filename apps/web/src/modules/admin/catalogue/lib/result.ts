import { ApiError } from '@lib/api/admin-fetch';

/** What a back-office server action answers its form: the saved thing, or the API's message and field errors. */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; message: string; errors: Record<string, string> };

/** Runs an API write; a refusal the staff member can fix (4xx) becomes a result, anything else is thrown. */
export async function attempt<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false, message: error.message, errors: error.errors ?? {} };
    throw error;
  }
}
