import { type Database, siteSettings } from '@shop/db';
import { asc } from 'drizzle-orm';

/** Where mail for the shop goes: the contact address in site settings (spec §1), or null before the shop is set up. */
export async function shopAddress(db: Pick<Database, 'select'>): Promise<{ email: string; name: string } | null> {
  const [row] = await db.select({ email: siteSettings.contactEmail, name: siteSettings.name }).from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
  return row && row.email.trim() ? row : null;
}
