import { type Database, products, type StoredImage } from '@shop/db';
import { type AdminProduct, type GalleryRequest, MAX_PRODUCT_IMAGES, type ProductInput } from '@shop/domain/admin/products';
import { eq, sql } from 'drizzle-orm';
import type { RequestUser } from '../../auth/request-user.ts';
import { recordAudit } from '../audit.ts';
import { fieldRefusal, Refusal } from '../../lib/refusal.ts';
import { loadAdminProduct } from './view.ts';
import { saveProduct, type Tx } from './write.ts';
import { releaseStockAlerts } from '../../stock-alerts/release-alerts.ts';

/**
 * The back office's product changes. Each runs in one transaction with its audit record (before and after), takes
 * the product's row lock first so two staff members saving at once apply one after the other, and answers the
 * product as it now is. The caller empties the API's response cache after the commit (decision 010).
 */
interface ProductActions {
  create(actor: RequestUser, input: ProductInput): Promise<AdminProduct>;
  update(actor: RequestUser, id: string, input: ProductInput): Promise<AdminProduct>;
  setPublished(actor: RequestUser, id: string, published: boolean): Promise<AdminProduct>;
  /** Answers the removed product's slug, so its cached page can be expired. */
  remove(actor: RequestUser, id: string): Promise<{ slug: string }>;
  setGallery(actor: RequestUser, id: string, gallery: GalleryRequest): Promise<AdminProduct>;
  addImages(actor: RequestUser, id: string, images: StoredImage[]): Promise<AdminProduct>;
  /** How many more images the product takes (404 when there is no such product). */
  room(id: string): Promise<number>;
}

const notFound = () => new Refusal('admin_product_not_found');

/** PostgreSQL's unique violation (another write won a race past our own check): the index that refused it. */
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; constraint_name?: string; message?: string };
    if (pg.code === '23505') return pg.constraint ?? pg.constraint_name ?? pg.message ?? '';
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return null;
}

/** Locks the product's row for this transaction and reads it as the back office shows it. */
async function lockedProduct(tx: Tx, id: string): Promise<AdminProduct> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  if (!row) throw notFound();
  return (await loadAdminProduct(tx, id)) as AdminProduct;
}

/** A race past our own checks (two creates with one slug at once) still answers 409 naming the field. */
async function conflictsNamed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === null) throw error;
    if (index.includes('sku')) throw fieldRefusal('variants', 'sku_taken');
    throw fieldRefusal('slug', 'product_slug_taken');
  }
}

export function productActions(db: Database): ProductActions {
  const change = (actor: RequestUser, id: string, action: string, apply: (tx: Tx, before: AdminProduct) => Promise<void>) =>
    conflictsNamed(() =>
      db.transaction(async (tx) => {
        const before = await lockedProduct(tx, id);
        await apply(tx, before);
        const after = (await loadAdminProduct(tx, id)) as AdminProduct;
        await recordAudit(tx, actor, { action, entityType: 'product', entityId: id, before, after });
        return after;
      }),
    );

  return {
    create: (actor, input) =>
      conflictsNamed(() =>
        db.transaction(async (tx) => {
          const id = await saveProduct(tx, input, null);
          const after = (await loadAdminProduct(tx, id)) as AdminProduct;
          await recordAudit(tx, actor, { action: 'product.create', entityType: 'product', entityId: id, before: null, after });
          return after;
        }),
      ),
    // A save that brings the stock back (or publishes a product restocked while hidden) tells whoever asked (issue 24).
    update: (actor, id, input) =>
      change(actor, id, 'product.update', async (tx, before) => {
        await saveProduct(tx, input, before);
        await releaseStockAlerts(tx, [id]);
      }),
    setPublished: (actor, id, published) =>
      change(actor, id, published ? 'product.publish' : 'product.unpublish', async (tx) => {
        await tx.update(products).set({ published }).where(eq(products.id, id));
        if (published) await releaseStockAlerts(tx, [id]);
      }),
    async remove(actor, id) {
      return db.transaction(async (tx) => {
        const before = await lockedProduct(tx, id);
        // Variants and reviews go with it (foreign keys); orders keep their own copy of what was sold.
        await tx.delete(products).where(eq(products.id, id));
        await recordAudit(tx, actor, { action: 'product.delete', entityType: 'product', entityId: id, before, after: null });
        return { slug: before.slug };
      });
    },
    setGallery: (actor, id, gallery) =>
      change(actor, id, 'product.images', async (tx, before) => {
        const byId = new Map(before.images.map((image) => [image.id, image]));
        const seen = new Set<string>();
        const images = gallery.images.map((entry, index) => {
          const image = byId.get(entry.id);
          if (!image) throw fieldRefusal(`images.${index}.id`, 'image_not_of_product');
          if (seen.has(entry.id)) throw fieldRefusal(`images.${index}.id`, 'admin_appears_twice');
          seen.add(entry.id);
          const { alt: _old, ...rest } = image;
          return entry.alt ? { ...rest, alt: entry.alt } : rest;
        });
        // Files stay on disk: orders placed earlier show the picture they were sold with.
        await tx.update(products).set({ images }).where(eq(products.id, id));
      }),
    addImages: (actor, id, added) =>
      change(actor, id, 'product.images', async (tx, before) => {
        if (before.images.length + added.length > MAX_PRODUCT_IMAGES) throw fieldRefusal('files', 'product_images_full');
        const images = [...before.images, ...added.map((image) => (image.alt ? image : { ...image, alt: before.name }))];
        await tx
          .update(products)
          .set({ images, updatedAt: sql`now()` })
          .where(eq(products.id, id));
      }),
    async room(id) {
      const [row] = await db
        .select({ count: sql<number>`jsonb_array_length(${products.images})` })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      if (!row) throw notFound();
      return Math.max(0, MAX_PRODUCT_IMAGES - Number(row.count));
    },
  };
}
