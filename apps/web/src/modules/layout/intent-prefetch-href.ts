/** What the shopper is pointing at, touching or focusing, as the link's description gives it. */
interface LinkIntent {
  /** The link's resolved address (`HTMLAnchorElement.href`). */
  href: string;
  target: string;
  download: boolean;
}

/**
 * The in-app page worth prefetching when a shopper shows intent on a link, or null: another origin, a new tab, a
 * download, an API or media address, a fragment of the page they are on, or the page itself.
 */
export function intentPrefetchHref(link: LinkIntent, current: string): string | null {
  if (link.download || (link.target !== '' && link.target !== '_self')) return null;
  let url: URL;
  let here: URL;
  try {
    url = new URL(link.href, current);
    here = new URL(current);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/_next/')) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return url.pathname + url.search;
}
