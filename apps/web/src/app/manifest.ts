import type { MetadataRoute } from 'next';
import { getShellSite } from '@modules/layout/site';

// Read per request: the name comes from site settings, and the build must not call the API.
export const dynamic = 'force-dynamic';

/** Web app manifest (spec §1) from site settings; icons are committed PNGs in public/icons. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const site = await getShellSite();
  const shortName = site.name.length > 12 ? (site.name.split(/\s+/)[0] ?? site.name) : site.name;
  return {
    name: site.name,
    short_name: shortName,
    description: site.description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#ffffff',
    lang: 'en',
    categories: ['shopping', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
