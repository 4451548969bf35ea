import type { Database } from '@shop/db';
import { sliders } from '@shop/db';
import type { Paginated, Slider } from '@shop/domain/catalogue';
import { asc, eq } from 'drizzle-orm';
import { pageOf } from '../lib/page.ts';

/** Active home-page slides in display order. At most a handful exist, so the list is one page holding all. */
export async function activeSlides(db: Database): Promise<Paginated<Slider>> {
  const rows = await db
    .select({ id: sliders.id, title: sliders.title, subtitle: sliders.subtitle, image: sliders.image, link: sliders.link })
    .from(sliders)
    .where(eq(sliders.active, true))
    .orderBy(asc(sliders.position), asc(sliders.createdAt));
  const data = rows.map((row) => ({ _id: row.id, title: row.title, subtitle: row.subtitle, image: row.image, link: row.link }));
  return pageOf(data, data.length, 1, Math.max(data.length, 1));
}
