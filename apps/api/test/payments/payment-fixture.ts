import { orders } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BuildAppOptions } from '../../src/app.ts';
import type { LoopbackGateway, SentWebhook } from '../../src/payments/razorpay/loopback-gateway.ts';
import { authContext } from '../auth/auth-helpers.ts';
import type { Engine, TestContext } from '../helpers.ts';
import { call, customer, makeStaff, roomyLimits } from '../orders/order-helpers.ts';

/**
 * The shop the payments and invoices API suites pay in (issues 20 and 21), and the requests they all make.
 *
 * `openPaymentShop` sets up, on a fresh database of the suite's engine: the app with the tests' auth settings
 * (`authContext`: no catalogue fixtures; roomy order limits unless the suite gives its own settings); its loopback
 * Razorpay gateway, made to deliver its signed webhooks to the app's webhook route by `app.inject`, as Razorpay's POSTs
 * would arrive (the app does not listen in these tests); and asha, a signed-in customer with a saved address.
 * `staffMember` adds someone from the back office. The suite closes `ctx` in its `afterAll`.
 *
 * The helpers take the suite's `ctx` (its `ctx.app` is the app) and a caller: placing an order to the caller's saved
 * address, a paid one, a payment whose webhooks wait, the browser's checkout verification, a staff refund, and the
 * order's row as stored.
 */

export const RAZORPAY_WEBHOOK = '/api/payments/razorpay/webhook';

/** A signed-in customer with one saved address (see `customer` in order-helpers). */
export type Shopper = Awaited<ReturnType<typeof customer>>;

export interface PaymentShop {
  ctx: TestContext;
  app: FastifyInstance;
  gateway: LoopbackGateway;
  asha: Shopper;
}

/** The app's loopback Razorpay gateway (the app runs one whenever no Razorpay keys are configured, as in the tests). */
export function loopbackGateway(app: FastifyInstance): LoopbackGateway {
  const gateway = app.payments.gateway;
  if (!gateway) throw new Error('the app has no loopback gateway: it was built with Razorpay keys');
  return gateway;
}

/** Makes the gateway's webhooks reach the app as Razorpay's POSTs would, through inject (the app does not listen in tests). */
export function deliverWebhooksByInject(app: FastifyInstance): LoopbackGateway {
  const gateway = loopbackGateway(app);
  gateway.deliver = async ({ body, headers }) => (await app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers, payload: body })).statusCode;
  return gateway;
}

/** The app on a fresh database, its gateway's webhooks delivered by inject, and asha (see the file's comment). */
export async function openPaymentShop(engine: Engine, config: Partial<BuildAppOptions['config']> = roomyLimits): Promise<PaymentShop> {
  const ctx = await authContext(engine, config);
  try {
    const gateway = deliverWebhooksByInject(ctx.app);
    return { ctx, app: ctx.app, gateway, asha: await customer(ctx) };
  } catch (error) {
    // The suite never sees this ctx, so its afterAll cannot close it.
    await ctx.close();
    throw error;
  }
}

/** A signed-in member of the back office (role `staff` unless said), with a saved address like any customer. */
export async function staffMember(ctx: TestContext, role: 'staff' | 'admin' = 'staff'): Promise<Shopper> {
  const member = await customer(ctx);
  await makeStaff(ctx, member.userId, role);
  return member;
}

/** The order's row as stored. */
export async function orderRow(ctx: TestContext, id: string): Promise<typeof orders.$inferSelect> {
  return (await ctx.handle.db.select().from(orders).where(eq(orders.id, id)))[0] as typeof orders.$inferSelect;
}

export type OrderItems = string | Array<{ productId: string; quantity: number }>;

/**
 * Asks to place an order as `who`, to their saved address: one unit of a product (its id), or the items given; the
 * answer as it came. `extra` joins the request's body (a coupon code), `headers` its headers (an Idempotency-Key).
 */
export function placeOrder(
  ctx: TestContext,
  who: Pick<Shopper, 'cookie' | 'addressId'>,
  items: OrderItems,
  paymentMethod = 'prepaid',
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const lines = typeof items === 'string' ? [{ productId: items, quantity: 1 }] : items;
  return call(ctx.app, 'POST', '/api/user/order', who, { items: lines, addressId: who.addressId, paymentMethod, ...extra }, headers);
}

/** What a placed order answers that these suites read (a prepaid one: a cash-on-delivery order has no `payment`). */
export interface PlacedOrder {
  _id: string;
  number: string;
  grandTotal: number;
  discount: number;
  items: Array<{ id: string; price: number }>;
  payment: { providerOrderId: string; keyId: string; amount: number; scriptUrl: string };
}

/** `placeOrder`, which must be placed (201): the order as answered. */
export async function placedOrder<T = PlacedOrder>(...args: Parameters<typeof placeOrder>): Promise<T> {
  const placed = await placeOrder(...args);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<T>();
}

/** A prepaid order for the items, paid at the loopback gateway with its webhooks applied (captured), and its payment id. */
export async function paidOrder(ctx: TestContext, who: Shopper, items: OrderItems): Promise<PlacedOrder & { paymentId: string }> {
  const order = await placedOrder(ctx, who, items, 'prepaid');
  const paid = await loopbackGateway(ctx.app).pay(order.payment.providerOrderId);
  expect((await orderRow(ctx, order._id)).paymentStatus).toBe('captured');
  return { ...order, paymentId: paid.paymentId };
}

/** The shopper pays the provider order at the gateway; its three webhooks are made and held back, not sent, in order. */
export async function payHoldingWebhooks(
  ctx: TestContext,
  providerOrderId: string,
): Promise<[authorized: SentWebhook, captured: SentWebhook, paid: SentWebhook]> {
  const gateway = loopbackGateway(ctx.app);
  gateway.holdWebhooks = true;
  try {
    await gateway.pay(providerOrderId);
  } finally {
    gateway.holdWebhooks = false;
  }
  const held = gateway.held.splice(0);
  expect(held.map((sent) => sent.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  return held as [SentWebhook, SentWebhook, SentWebhook];
}

/** The browser's confirmation of a checkout (what checkout.js handed it), as `who`. */
export function verifyCheckout(ctx: TestContext, who: { cookie: string }, orderId: string, checkout: unknown) {
  return call(ctx.app, 'POST', `/api/user/order/${orderId}/payment/verify`, who, checkout);
}

/** A refund asked from the back office by `who` (`{ kind, reason, … }`); 202 once the provider has it. */
export function refundAsStaff(ctx: TestContext, who: { cookie: string }, orderId: string, body: unknown) {
  return call(ctx.app, 'POST', `/api/admin/payments/${orderId}/refunds`, who, body);
}
