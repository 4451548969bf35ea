import 'server-only';
import { cache } from 'react';
import { type HeadersResponse, headersResponseSchema } from '@shop/domain/catalogue';
import { apiGet } from './client';

/** Cache tags of the shell data, so a settings or menu change invalidates exactly this. */
export const shellTags = ['settings', 'menus'];

const headersTimeoutMs = 3000;

/** GET /api/headers: site settings and the header and mobile menus (cached 60 s, tagged). */
const getHeaders = cache(async (): Promise<HeadersResponse> => {
  return apiGet('/api/headers', { tags: shellTags, revalidate: 60, schema: headersResponseSchema });
});

/**
 * The same, or null when the API is unreachable: the layout, metadata and manifest must still
 * render (with default texts) so the error page can be shown around a failing page.
 */
export const getHeadersSafe = cache(async (): Promise<HeadersResponse | null> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A hung API must not hang every page: after a few seconds the shell renders with defaults.
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), headersTimeoutMs);
  });
  try {
    return await Promise.race([getHeaders(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
});
