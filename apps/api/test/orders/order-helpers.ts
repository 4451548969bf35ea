import { randomUUID } from 'node:crypto';
import { categories, coupons, products, productVariants, user } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TestContext } from '../helpers.ts';
import { signInByPhone } from '../auth/auth-helpers.ts';

/** Small pieces of catalogue, customers and coupons written straight into the tables, unique per call. */

const unique = () => randomUUID().slice(0, 8);

/**
 * Abuse limits (issue 19) high enough for suites that place many orders per customer to test something else; the
 * limits themselves are tested at their defaults and small settings in abuse-limits.test.ts.
 */
export const roomyLimits = { orderLimits: { perMinute: 1_000, perHour: 1_000, openCod: 1_000, couponTries: 1_000 } };

export interface Caller {
  cookie: string;
  userId: string;
  phone: string;
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  caller?: { cookie?: string },
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(caller?.cookie ? { cookie: caller.cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

/** A signed-in customer with one saved address (mobile 98xxxxxxxx from the phone). */
export async function customer(ctx: TestContext): Promise<Caller & { addressId: string; mobile: string }> {
  const { cookie, phone, body } = await signInByPhone(ctx.app, ctx);
  const userId = body.user.id as string;
  const mobile = phone.slice(3);
  const saved = await call(
    ctx.app,
    'POST',
    '/api/user/addresses',
    { cookie },
    {
      name: 'Asha Verma',
      mobile,
      line1: '12, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    },
  );
  if (saved.statusCode !== 201) throw new Error(`address: ${saved.statusCode} ${saved.body}`);
  return { cookie, userId, phone, mobile, addressId: saved.json()._id };
}

export async function makeStaff(ctx: TestContext, userId: string, role: 'staff' | 'admin' = 'staff') {
  await ctx.handle.db.update(user).set({ role }).where(eq(user.id, userId));
}

const categoryOf = new WeakMap<TestContext, Promise<string>>();
function category(ctx: TestContext): Promise<string> {
  let id = categoryOf.get(ctx);
  if (!id) {
    id = ctx.handle.db
      .insert(categories)
      .values({ name: 'Lamps', slug: `lamps-${unique()}` })
      .returning({ id: categories.id })
      .then((rows) => (rows[0] as { id: string }).id);
    categoryOf.set(ctx, id);
  }
  return id;
}

interface ProductSpec {
  name?: string;
  price?: number;
  mrp?: number;
  stock?: number;
  cod?: boolean;
  published?: boolean;
  customizationType?: 'text' | 'image' | 'both';
  variants?: { attributes: Record<string, string>; price: number; mrp: number; stock: number }[];
}

export async function product(ctx: TestContext, spec: ProductSpec = {}) {
  const variants = spec.variants ?? [];
  const price = spec.price ?? (variants.length ? Math.min(...variants.map((v) => v.price)) : 30_000);
  const [row] = await ctx.handle.db
    .insert(products)
    .values({
      name: spec.name ?? `Photo lamp ${unique()}`,
      slug: `photo-lamp-${unique()}`,
      images: [{ id: 'lamp', original: '/api/media/catalogue/lamp.webp', width: 800, height: 800 }],
      categoryId: await category(ctx),
      price,
      mrp: spec.mrp ?? Math.max(price, 40_000),
      stock: spec.stock ?? (variants.length ? variants.reduce((sum, v) => sum + v.stock, 0) : 100),
      cod: spec.cod ?? true,
      published: spec.published ?? true,
      customizationType: spec.customizationType ?? null,
    })
    .returning();
  const product = row as typeof products.$inferSelect;
  const variantRows = variants.length
    ? await ctx.handle.db
        .insert(productVariants)
        .values(variants.map((v, position) => ({ ...v, productId: product.id, sku: `SKU-${unique()}`, position })))
        .returning()
    : [];
  return { ...product, variants: variantRows };
}

export async function stockOf(ctx: TestContext, productId: string, variantId?: string): Promise<number> {
  const [row] = variantId
    ? await ctx.handle.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId))
    : await ctx.handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return (row as { stock: number }).stock;
}

export async function coupon(ctx: TestContext, values: Partial<typeof coupons.$inferInsert> & Pick<typeof coupons.$inferInsert, 'type' | 'value'>) {
  const [row] = await ctx.handle.db
    .insert(coupons)
    .values({ code: `TEST${unique().toUpperCase()}`, ...values })
    .returning();
  return row as typeof coupons.$inferSelect;
}

export async function usedCount(ctx: TestContext, couponId: string): Promise<number> {
  const [row] = await ctx.handle.db.select({ n: coupons.usedCount }).from(coupons).where(eq(coupons.id, couponId));
  return (row as { n: number }).n;
}
