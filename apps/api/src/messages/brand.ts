import type { Database } from '@shop/db';
import { loadSettingsRow } from '../admin/settings/settings-row.ts';
import { type Brand, defaultColours } from './render.ts';
import { messageSettings } from './settings.ts';

type Reader = Pick<Database, 'select'>;

/** The shop's name, logo (made absolute) and contact address from its settings, with the storefront's colours. */
export async function loadBrand(db: Reader): Promise<{ brand: Brand; defaultLanguage: string }> {
  const row = await loadSettingsRow(db);
  const { siteUrl } = messageSettings();
  const logo = row?.logo ?? '/icon.svg';
  return {
    brand: {
      shopName: row?.name ?? 'Kaarigar Gifts',
      logoUrl: /^https?:\/\//.test(logo) ? logo : new URL(logo, siteUrl).toString(),
      contactEmail: row?.contactEmail ?? '',
      ...defaultColours,
    },
    defaultLanguage: row?.defaultLanguage ?? 'en',
  };
}
