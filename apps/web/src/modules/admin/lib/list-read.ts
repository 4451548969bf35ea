import 'server-only';
import { ApiError } from '@lib/api/admin-fetch';

/**
 * A list page's read with the filters of its URL (a GET form). A hand-edited URL the API refuses (400) is not an
 * error page: the list shows empty with the refusal of the first bad filter above it, and the form to fix it.
 */
export async function readList<T>(load: () => Promise<T>, empty: T): Promise<{ list: T; refusal: string | null }> {
  try {
    return { list: await load(), refusal: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    return { list: empty, refusal: Object.values(error.errors ?? {})[0]?.message ?? error.message };
  }
}
