import { brands, type Database, products } from '@shop/db';
import type { AdminBrand, brandInputSchema } from '@shop/domain/admin/catalogue';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { recordAudit } from '../audit.ts';
import { fieldRefusal, isUniqueViolation, Refusal } from '../../lib/refusal.ts';
import { refuseIfLinked, renameMenuLinks } from '../categories/categories.ts';

type Input = z.output<typeof brandInputSchema>;
type BrandRow = typeof brands.$inferSelect;

const NOT_FOUND = () => new Refusal('admin_brand_not_found');

function view(row: BrandRow, productCount: number): AdminBrand {
  return { _id: row.id, name: row.name, slug: row.slug, image: row.image ?? null, productCount, updatedAt: row.updatedAt.toISOString() };
}

async function productCount(db: Pick<Database, 'select'>, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.brandId, id));
  return Number(row?.n ?? 0);
}

async function saving<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'brands_slug_idx')) throw fieldRefusal('slug', 'slug_taken');
    throw error;
  }
}

export async function listBrands(db: Database): Promise<AdminBrand[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(brands).orderBy(asc(brands.name)),
    db.select({ id: products.brandId, n: count() }).from(products).groupBy(products.brandId),
  ]);
  const byId = new Map(counts.map((row) => [row.id, Number(row.n)]));
  return rows.map((row) => view(row, byId.get(row.id) ?? 0));
}

export async function getBrand(db: Database, id: string): Promise<AdminBrand> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  if (!row) throw NOT_FOUND();
  return view(row, await productCount(db, id));
}

export async function createBrand(db: Database, actor: RequestUser, input: Input): Promise<AdminBrand> {
  return saving(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(brands).values(input).returning();
      if (!row) throw new Error('insert returned nothing');
      const created = view(row, 0);
      await recordAudit(tx, actor, { action: 'brand.create', entityType: 'brand', entityId: row.id, after: created });
      return created;
    }),
  );
}

export async function updateBrand(db: Database, actor: RequestUser, id: string, input: Input): Promise<AdminBrand> {
  return saving(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(brands).where(eq(brands.id, id)).limit(1).for('update');
      if (!before) throw NOT_FOUND();
      const [row] = await tx.update(brands).set(input).where(eq(brands.id, id)).returning();
      if (!row) throw NOT_FOUND();
      const count = await productCount(tx, id);
      const after = view(row, count);
      await recordAudit(tx, actor, { action: 'brand.update', entityType: 'brand', entityId: id, before: view(before, count), after });
      if (before.slug !== row.slug) await renameMenuLinks(tx, actor, 'brand', before.slug, row.slug);
      return after;
    }),
  );
}

/**
 * Refused (409) while products carry the brand: the database would quietly take the brand off them (on delete set
 * null), which is a catalogue change nobody asked for. Also refused while a menu or a slide links to it.
 */
export async function deleteBrand(db: Database, actor: RequestUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(brands).where(eq(brands.id, id)).limit(1).for('update');
    if (!row) throw NOT_FOUND();
    const products = await productCount(tx, id);
    if (products > 0) throw new Refusal('brand_in_use', { params: { count: products } });
    await refuseIfLinked(tx, 'brand', row.slug);
    await tx.delete(brands).where(eq(brands.id, id));
    await recordAudit(tx, actor, { action: 'brand.delete', entityType: 'brand', entityId: id, before: view(row, 0), after: null });
  });
}
