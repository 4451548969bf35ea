import { invoices, orders, products, siteSettings, type ShopTaxIdentity } from '@shop/db';
import { asc, desc, eq } from 'drizzle-orm';
import type { TestContext } from '../helpers.ts';
import { product } from '../orders/order-helpers.ts';
import { settingsFixture } from '../fixtures.ts';

/** The shop's GST registration in the tests: Maharashtra (27); the test customers live in Karnataka (29). */
export const shopTaxIdentity: ShopTaxIdentity = {
  legalName: 'Test Gift Shop Private Limited',
  gstin: '27AAPFU0939F1ZV',
  address: '12 Crafts Lane\nPune 411001',
  state: 'Maharashtra',
  invoicePrefix: 'KG',
  signatureName: 'Asha Patil',
  chargeRate: null,
};

export async function setTaxIdentity(ctx: TestContext, identity: ShopTaxIdentity | null = shopTaxIdentity): Promise<void> {
  const changed = await ctx.handle.db.update(siteSettings).set({ taxIdentity: identity }).returning({ id: siteSettings.id });
  // A context without the catalogue fixtures has no settings row yet.
  if (changed.length === 0) await ctx.handle.db.insert(siteSettings).values({ ...settingsFixture, taxIdentity: identity });
}

/** A product with its GST rate (basis points) and HSN code. */
export async function taxedProduct(ctx: TestContext, spec: { price: number; gstRate: number; hsnCode: string; name?: string; cod?: boolean }) {
  const row = await product(ctx, { price: spec.price, mrp: spec.price, stock: 1_000, cod: spec.cod ?? true, ...(spec.name ? { name: spec.name } : {}) });
  await ctx.handle.db.update(products).set({ gstRate: spec.gstRate, hsnCode: spec.hsnCode }).where(eq(products.id, row.id));
  return row;
}

/** The order's invoice first, then its credit notes in the order they were issued (a note may share the invoice's time). */
export async function documentsOf(ctx: TestContext, orderId: string) {
  return ctx.handle.db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(desc(invoices.kind), asc(invoices.issuedAt), asc(invoices.sequence));
}

/** An order row written straight into the table (for numbering tests that need many orders fast). */
export async function bareOrder(ctx: TestContext, productId: string, price: number, index: number, name = 'Lamp'): Promise<string> {
  const [row] = await ctx.handle.db
    .insert(orders)
    .values({
      number: `T-${Date.now().toString(36)}-${index}-${Math.random().toString(36).slice(2, 6)}`,
      paymentMethod: 'cod',
      total: price,
      totalMrp: price,
      grandTotal: price,
      totalItems: 1,
      address: {
        name: 'Ravi Rao',
        mobile: '9876543210',
        line1: '1 MG Road',
        line2: null,
        landmark: null,
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
    })
    .returning({ id: orders.id });
  const { orderLines } = await import('@shop/db');
  await ctx.handle.db.insert(orderLines).values({ orderId: row!.id, position: 0, productId, name, slug: 'lamp', price, mrp: price, quantity: 1, cod: true });
  return row!.id;
}
