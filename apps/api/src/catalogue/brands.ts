import type { Database } from '@shop/db';
import { brands } from '@shop/db';
import type { Brand, Paginated } from '@shop/domain/catalogue';
import { asc, sql } from 'drizzle-orm';
import { pageOf } from '../lib/page.ts';

/** Brands by name, one page: the total comes with the rows (a window count), or is counted when the page is past the end. */
export async function brandList(db: Database, page: number, limit: number): Promise<Paginated<Brand>> {
  const rows = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug, image: brands.image, total: sql<number>`(count(*) over ())::int` })
    .from(brands)
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const total = Number(rows[0]?.total ?? (page === 1 ? 0 : await db.$count(brands)));
  const data = rows.map((row) => ({ _id: row.id, name: row.name, slug: row.slug, image: row.image ?? null }));
  return pageOf(data, total, page, limit);
}
