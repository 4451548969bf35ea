import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { MenuItem } from '@shop/domain/catalogue';
import { getHeadersSafe } from '@lib/api/shell';

export interface ShellSite {
  name: string;
  description: string;
  author: string;
  tollFreeNumber: string | null;
  contactEmail: string | null;
  freeShippingThreshold: number | null;
  headerMenu: MenuItem[];
  mobileMenu: MenuItem[];
  /** False when the API did not answer and the defaults below are shown. */
  live: boolean;
}

/**
 * What the header, footer and metadata need: the site settings and menus from GET /api/headers,
 * or, when the API is down, default texts from the messages and a menu of the static routes, so
 * the shell (and the error page inside it) still renders.
 */
export async function getShellSite(): Promise<ShellSite> {
  const headers = await getHeadersSafe();
  if (headers) {
    return {
      name: headers.site.name,
      description: headers.site.description,
      author: headers.site.author,
      tollFreeNumber: headers.site.tollFreeNumber || null,
      contactEmail: headers.site.contactEmail || null,
      freeShippingThreshold: headers.site.freeShippingThreshold,
      headerMenu: headers.headerMenu,
      mobileMenu: headers.mobileMenu.length > 0 ? headers.mobileMenu : headers.headerMenu,
      live: true,
    };
  }
  const t = await getTranslations('shell');
  const fallbackMenu: MenuItem[] = [
    { id: 'shop', path: '/shop', label: t('footer.shop') },
    { id: 'categories', path: '/category', label: t('footer.allCategories') },
  ];
  return {
    name: t('site.name'),
    description: t('site.description'),
    author: t('site.name'),
    tollFreeNumber: null,
    contactEmail: null,
    freeShippingThreshold: null,
    headerMenu: fallbackMenu,
    mobileMenu: fallbackMenu,
    live: false,
  };
}

/** tel: link target: digits and a leading plus only. */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
