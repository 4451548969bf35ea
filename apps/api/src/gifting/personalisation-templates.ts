import { type Database, personalisationTemplates, products } from '@shop/db';
import { checkTemplateGeometry, type PersonalisationTemplate, type TemplateInput, templateInputSchema } from '@shop/domain/gift/personalisation';
import type { FieldRefusal, RefusalCode } from '@shop/domain/refusals/index';
import { eq } from 'drizzle-orm';
import type { RequestUser } from '../auth/request-user.ts';
import { recordAudit } from '../admin/audit.ts';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';

type Actor = Pick<RequestUser, 'id' | 'role' | 'email'>;

/** The stored template of a product, as the product page and the back office read it; null without one. */
export async function readTemplate(db: Database, productId: string): Promise<PersonalisationTemplate | null> {
  const [row] = await db.select().from(personalisationTemplates).where(eq(personalisationTemplates.productId, productId)).limit(1);
  return row ? { baseImage: row.baseImage, areas: row.areas, updatedAt: row.updatedAt.toISOString() } : null;
}

function refuseIfAny(errors: Record<string, FieldRefusal>): void {
  const [first] = Object.values(errors);
  if (first) throw new Refusal(first.code as RefusalCode, { params: first.params, errors });
}

/**
 * Saves (or replaces) a product's template (decision 107). The base photo must be one of the product's own images
 * (uploaded through the product image route, so on disk or in the bucket like every catalogue picture); its URL
 * and pixel size are copied in, and the geometry is checked again against those pixels (the smallest font must fit
 * its box's height). In one transaction with its audit record.
 */
export async function saveTemplate(db: Database, actor: Actor, productId: string, input: TemplateInput): Promise<PersonalisationTemplate> {
  const values = templateInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ images: products.images, type: products.customizationType })
      .from(products)
      .where(eq(products.id, productId))
      .for('update')
      .limit(1);
    if (!product) throw new Refusal('admin_product_not_found');
    // The values travel into the spec's customisation dialog, which only a customisable product has.
    if (!product.type) throw new Refusal('template_product_not_personalised');
    const image = (product.images ?? []).find((candidate) => candidate.id === values.baseImageId);
    if (!image || !(image.width > 0 && image.height > 0)) throw fieldRefusal('baseImageId', 'template_base_image_invalid');
    const baseImage = { id: image.id, original: image.original, width: image.width, height: image.height };
    refuseIfAny(checkTemplateGeometry(values.areas, baseImage));
    const [before] = await tx.select().from(personalisationTemplates).where(eq(personalisationTemplates.productId, productId)).limit(1);
    const [row] = await tx
      .insert(personalisationTemplates)
      .values({ productId, baseImage, areas: values.areas })
      .onConflictDoUpdate({ target: personalisationTemplates.productId, set: { baseImage, areas: values.areas, updatedAt: new Date() } })
      .returning();
    await recordAudit(tx, actor, {
      action: 'product.personalisation',
      entityType: 'product',
      entityId: productId,
      before: before ? { baseImage: before.baseImage, areas: before.areas } : null,
      after: { baseImage, areas: values.areas },
    });
    return { baseImage: row!.baseImage, areas: row!.areas, updatedAt: row!.updatedAt.toISOString() };
  });
}

/** Removes a product's template: its page goes back to the plain add-to-cart. Orders keep what they were sold with. */
export async function deleteTemplate(db: Database, actor: Actor, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(personalisationTemplates).where(eq(personalisationTemplates.productId, productId)).returning();
    if (!gone) throw new Refusal('template_not_found');
    await recordAudit(tx, actor, {
      action: 'product.personalisation.delete',
      entityType: 'product',
      entityId: productId,
      before: { baseImage: gone.baseImage, areas: gone.areas },
      after: null,
    });
  });
}
