import type { MetadataRoute } from 'next';
import { siteUrl } from '@modules/layout/site-url';

// SITE_URL is read when the file is requested, not baked in at build time.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    // Allow all but the back office: product images live under /api/media and should be crawlable too.
    rules: [{ userAgent: '*', allow: '/', disallow: '/admin' }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
