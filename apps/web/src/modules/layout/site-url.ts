/** The shop's public URL (SITE_URL), read at run time; used for metadata, robots and the sitemap. */
export function siteUrl(): string {
  return (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}
