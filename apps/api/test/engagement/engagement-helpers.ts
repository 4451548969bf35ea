import { randomUUID } from 'node:crypto';
import { orderLines, orders, type OrderStatusValue, outbox, user } from '@shop/db';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authContext, freshIp, signInByPhone } from '../auth/auth-helpers.ts';
import type { Engine, TestContext } from '../helpers.ts';

/**
 * One database with the catalogue fixtures (site settings with the shop's contact address, products) and an app
 * with identity settings on it, as the engagement routes need both.
 */
export function engagementContext(engine: Engine): Promise<TestContext> {
  return authContext(engine, {}, { fixtures: true });
}

export interface Customer {
  cookie: string;
  userId: string;
}

/** A signed-in customer (by phone OTP) with a display name. */
export async function customer(ctx: TestContext, name = 'Asha Verma'): Promise<Customer> {
  const { cookie, body } = await signInByPhone(ctx.app, ctx);
  const userId = body.user.id as string;
  await ctx.handle.db.update(user).set({ name }).where(eq(user.id, userId));
  return { cookie, userId };
}

export async function makeRole(ctx: TestContext, userId: string, role: 'staff' | 'admin'): Promise<void> {
  await ctx.handle.db.update(user).set({ role }).where(eq(user.id, userId));
}

/**
 * An order of the customer's holding one product, written straight into issue 4's tables with the given status
 * (the order routes are tested on their own; here only "was it delivered" matters).
 */
export async function orderOf(ctx: TestContext, userId: string, productId: string, status: OrderStatusValue): Promise<string> {
  const [order] = await ctx.handle.db
    .insert(orders)
    .values({
      number: `KG-T-${randomUUID().slice(0, 8)}`,
      userId,
      status,
      paymentMethod: 'cod',
      total: 30_000,
      totalMrp: 30_000,
      grandTotal: 45_000,
      shipping: 15_000,
      totalItems: 1,
      address: {
        name: 'Asha Verma',
        mobile: '9876543210',
        line1: '12, MG Road',
        line2: null,
        landmark: null,
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
    })
    .returning({ id: orders.id });
  const orderId = (order as { id: string }).id;
  await ctx.handle.db
    .insert(orderLines)
    .values({ orderId, position: 0, productId, name: 'Moon lamp', slug: 'moon-lamp', price: 30_000, mrp: 30_000, quantity: 1, cod: true });
  return orderId;
}

export interface Call {
  cookie?: string;
  ip?: string;
}

export function request(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, options: Call = {}) {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

/** Outbox rows to a recipient of one kind, newest first. */
export async function mailsTo(ctx: TestContext, recipient: string, kind: string) {
  return ctx.handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.createdAt));
}

let nextEmail = 0;
export const uniqueEmail = (label: string) => `${label}.${++nextEmail}.${Date.now().toString(36)}@example.com`;
