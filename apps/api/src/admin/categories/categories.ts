import { categories, type Database, products, siteSettings, sliders } from '@shop/db';
import { type AdminCategory, type categoryInputSchema, linkLeadsTo, menuLinksTo, renameInLink, renameInMenu, wouldCycle } from '@shop/domain/admin/catalogue';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { recordAudit } from '../audit.ts';
import { loadSettingsRow } from '../settings/settings-row.ts';
import { fieldRefusal, isForeignKeyViolation, isUniqueViolation, Refusal } from '../../lib/refusal.ts';

type Input = z.output<typeof categoryInputSchema>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type CategoryRow = typeof categories.$inferSelect;

const NOT_FOUND = () => new Refusal('admin_category_not_found');

function view(row: CategoryRow, productCount: number): AdminCategory {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image ?? null,
    parentId: row.parentId,
    featured: row.featured,
    position: row.position,
    productCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every category (tens of rows) in display order, each with its own products counted (published or not). */
export async function listCategories(db: Database): Promise<AdminCategory[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
    db.select({ id: products.categoryId, n: count() }).from(products).groupBy(products.categoryId),
  ]);
  const byId = new Map(counts.map((row) => [row.id, Number(row.n)]));
  return rows.map((row) => view(row, byId.get(row.id) ?? 0));
}

export async function getCategory(db: Database, id: string): Promise<AdminCategory> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw NOT_FOUND();
  return view(row, await productCount(db, id));
}

async function productCount(db: Pick<Database, 'select'>, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  return Number(row?.n ?? 0);
}

/** The parent must exist and must not be the category itself or below it (checked on the locked table). */
async function checkParent(tx: Tx, id: string | null, parentId: string | null): Promise<void> {
  if (parentId === null) return;
  const rows = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  if (!parentOf.has(parentId)) throw fieldRefusal('parentId', 'parent_missing');
  if (id !== null && wouldCycle(id, parentId, parentOf)) throw fieldRefusal('parentId', 'parent_self');
}

/**
 * Two admins re-parenting categories at once could each pass the cycle check and together make a loop, so tree
 * changes take a lock on the categories table first (SHARE ROW EXCLUSIVE conflicts with itself, not with readers).
 */
async function lockTree(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table categories in share row exclusive mode`);
}

async function saving<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'categories_slug_idx')) throw fieldRefusal('slug', 'slug_taken');
    throw error;
  }
}

export async function createCategory(db: Database, actor: RequestUser, input: Input): Promise<AdminCategory> {
  return saving(() =>
    db.transaction(async (tx) => {
      await lockTree(tx);
      await checkParent(tx, null, input.parentId);
      const [row] = await tx.insert(categories).values(input).returning();
      if (!row) throw new Error('insert returned nothing');
      const created = view(row, 0);
      await recordAudit(tx, actor, { action: 'category.create', entityType: 'category', entityId: row.id, after: created });
      return created;
    }),
  );
}

export async function updateCategory(db: Database, actor: RequestUser, id: string, input: Input): Promise<AdminCategory> {
  return saving(() =>
    db.transaction(async (tx) => {
      await lockTree(tx);
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1);
      if (!before) throw NOT_FOUND();
      await checkParent(tx, id, input.parentId);
      const [row] = await tx.update(categories).set(input).where(eq(categories.id, id)).returning();
      if (!row) throw NOT_FOUND();
      const count = await productCount(tx, id);
      const after = view(row, count);
      await recordAudit(tx, actor, { action: 'category.update', entityType: 'category', entityId: id, before: view(before, count), after });
      // A new slug would leave the menus' links to the old one dead: they follow the rename.
      if (before.slug !== row.slug) await renameMenuLinks(tx, actor, 'category', before.slug, row.slug);
      return after;
    }),
  );
}

/**
 * Rewrites the menus' and the slides' links from one slug to another, each change with its own audit record (a menu
 * or slide change is a change), so a rename never leaves a dead link behind.
 */
export async function renameMenuLinks(tx: Tx, actor: RequestUser, kind: 'category' | 'brand', from: string, to: string): Promise<void> {
  for (const slide of await tx.select().from(sliders).for('update')) {
    const link = renameInLink(slide.link, kind, from, to);
    if (link === slide.link) continue;
    await tx.update(sliders).set({ link }).where(eq(sliders.id, slide.id));
    await recordAudit(tx, actor, {
      action: 'slider.update',
      entityType: 'slider',
      entityId: slide.id,
      before: { link: slide.link },
      after: { link, reason: `${kind} slug ${from} -> ${to}` },
    });
  }
  const settings = await loadSettingsRow(tx, { forUpdate: true });
  if (!settings) return;
  const headerMenu = renameInMenu(settings.headerMenu, kind, from, to);
  const mobileMenu = renameInMenu(settings.mobileMenu, kind, from, to);
  if (JSON.stringify([headerMenu, mobileMenu]) === JSON.stringify([settings.headerMenu, settings.mobileMenu])) return;
  await tx.update(siteSettings).set({ headerMenu, mobileMenu }).where(eq(siteSettings.id, settings.id));
  await recordAudit(tx, actor, {
    action: 'menus.update',
    entityType: 'menus',
    entityId: settings.id,
    before: { headerMenu: settings.headerMenu, mobileMenu: settings.mobileMenu },
    after: { headerMenu, mobileMenu, reason: `${kind} slug ${from} -> ${to}` },
  });
}

/** Refuses (409) while products, subcategories or a menu still depend on the category; they would break. */
export async function deleteCategory(db: Database, actor: RequestUser, id: string): Promise<void> {
  await referenced(() =>
    db.transaction(async (tx) => {
      await lockTree(tx);
      const [row] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1);
      if (!row) throw NOT_FOUND();
      const products = await productCount(tx, id);
      if (products > 0) throw new Refusal('category_in_use', { params: { count: products } });
      const [children] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
      const childCount = Number(children?.n ?? 0);
      if (childCount > 0) throw new Refusal('category_has_children', { params: { count: childCount } });
      await refuseIfLinked(tx, 'category', row.slug);
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit(tx, actor, { action: 'category.delete', entityType: 'category', entityId: id, before: view(row, 0), after: null });
    }),
  );
}

/** A product added to the category between the count and the delete makes the foreign key refuse: same answer. */
async function referenced<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new Refusal('category_in_use', { params: { count: 1 } });
    throw error;
  }
}

/**
 * 409 while a menu or a slide links to the category or brand. The settings row is locked first: a menus save locks
 * it too before checking its links, so a save and a delete cannot each pass their check and together leave a dead
 * link (whichever comes second sees the other's commit).
 */
export async function refuseIfLinked(tx: Tx, kind: 'category' | 'brand', slug: string): Promise<void> {
  const settings = await loadSettingsRow(tx, { forUpdate: true });
  if (settings && menuLinksTo(settings.headerMenu, kind, slug)) throw new Refusal('linked_in_header_menu');
  if (settings && menuLinksTo(settings.mobileMenu, kind, slug)) throw new Refusal('linked_in_mobile_menu');
  const slide = (await tx.select({ title: sliders.title, link: sliders.link }).from(sliders)).find((row) => linkLeadsTo(row.link, kind, slug));
  if (slide) throw new Refusal('linked_in_slide', { params: { title: slide.title } });
}
