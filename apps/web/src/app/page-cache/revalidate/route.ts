import { revalidateTag } from 'next/cache';
import { shellTags } from '@lib/api/shell';

/**
 * Expires tags in this process's Next.js data cache (docs/decisions/095). Only server.mjs calls it, over loopback with
 * its per-process secret, when the API announces a change (server/revalidate.mjs); for anyone else it does not exist.
 * revalidateTag may only run inside Next.js, which is why this is a route and not a function server.mjs calls.
 */

/** The API's catalogue-wide change: every tag a catalogue or shell read carries (src/lib/api/catalogue.ts, shell.ts). */
const CATALOGUE_TAGS = ['products', 'categories', 'sliders', 'brands', ...shellTags];

export async function POST(request: Request): Promise<Response> {
  const secret = process.env.PAGE_CACHE_FILL_SECRET;
  if (!secret || request.headers.get('x-page-cache-fill') !== secret) return new Response(null, { status: 404 });
  const body = (await request.json().catch(() => null)) as { tags?: unknown } | null;
  const tags = Array.isArray(body?.tags) ? body.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  const expired = new Set(tags.flatMap((tag) => (tag === 'catalogue' ? CATALOGUE_TAGS : [tag])));
  // expire: 0, not 'max': the next read waits for fresh data rather than serving the stale copy once more.
  for (const tag of expired) revalidateTag(tag, { expire: 0 });
  return new Response(null, { status: 204 });
}
