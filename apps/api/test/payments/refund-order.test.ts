import { orderRefunds, pincodes, siteSettings } from '@shop/db';
import { DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, type PaymentProvider } from '../../src/payments/provider.ts';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { settingsFixture } from '../fixtures.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, product, stockOf } from '../orders/order-helpers.ts';
import { ship } from '../shipping/shipping-helpers.ts';
import { openPaymentShop, orderRow, paidOrder, refundAsStaff, type Shopper, staffMember } from './payment-fixture.ts';

/**
 * Refunds as the ledger asks for them (payments/refund-order.ts, refund-ledger.ts; decision 063), on PGlite and
 * PostgreSQL, through the real SDK, the loopback Razorpay and its signed webhooks:
 * - items come back to stock at most once, whichever of a refund, a cancellation and a returned parcel put on sale
 *   comes first;
 * - a refund the provider may have made (no answer, a 5xx) keeps its money held, so it cannot be paid twice, and is
 *   settled by its webhook; only a refusal (a 4xx) frees it;
 * - a refund by lines gives back what was paid for them, the online-payment saving shared like the coupon.
 */

describe.each(engines)('refunds from the ledger (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const refund = (orderId: string, body: unknown) => refundAsStaff(ctx, staff, orderId, body);
  const cancel = (orderId: string) => call(app, 'POST', `/api/user/order/${orderId}/cancel`, asha);
  const ledger = (orderId: string) => ctx.handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt));
  const refundsAsked = (paymentId: string) => [...gateway.refunds.values()].filter((asked) => asked.payment_id === paymentId);
  const refundable = async (orderId: string) => (await call(app, 'GET', `/api/admin/payments/${orderId}`, staff)).json().refundable as number;

  /**
   * The provider's refund call made to behave otherwise for the length of `run`: `answer` gets the real call and decides
   * what the shop hears. Put back afterwards (the app's provider is the one the routes use).
   */
  async function withRefundCall<T>(
    answer: (real: PaymentProvider['refund'], ...args: Parameters<PaymentProvider['refund']>) => ReturnType<PaymentProvider['refund']>,
    run: () => Promise<T>,
  ) {
    const provider = app.payments.provider;
    const real = provider.refund.bind(provider);
    (provider as { refund: PaymentProvider['refund'] }).refund = (...args) => answer(real, ...args);
    try {
      return await run();
    } finally {
      (provider as { refund: PaymentProvider['refund'] }).refund = real;
    }
  }

  /** The shop's saving for paying online (decision 065): `percent` off the items, or none. */
  async function prepaidSaving(percent: number | null) {
    await ctx.handle.db.update(siteSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, prepaidDiscount: percent === null ? null : { percent, cap: 100_000 } } });
    await app.responseCache.invalidate();
  }

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
    await ctx.handle.db.insert(siteSettings).values(settingsFixture).onConflictDoNothing();
    // The customers' pincode, for the shipments of the returned-parcel tests.
    await ctx.handle.db
      .insert(pincodes)
      .values({ pincode: '560001', office: 'Bangalore G.P.O.', district: 'Bengaluru', state: 'Karnataka', transitDays: 3 })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('items back in stock once', () => {
    it('refuses to put back the items of a cancelled order, whose cancellation put them back already', async () => {
      const lamp = await product(ctx, { stock: 3, price: 60_000 });
      const order = await paidOrder(ctx, asha, lamp.id);
      expect(await stockOf(ctx, lamp.id)).toBe(2);
      // The cancellation's automatic refund fails at the bank: staff refund the order by hand.
      gateway.failRefunds = 1;
      expect((await cancel(order._id)).statusCode).toBe(200);
      await gateway.settle();
      expect(await ledger(order._id)).toMatchObject([{ kind: 'cancellation', status: 'failed' }]);
      expect(await stockOf(ctx, lamp.id)).toBe(3);

      expectRefusal(await refund(order._id, { kind: 'full', reason: 'Refund by hand', restock: true }), 409, 'refund_restock_already_returned', {
        restock: 'refund_restock_already_returned',
      });
      expectRefusal(
        await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'Refund by hand', restock: true }),
        409,
        'refund_restock_already_returned',
      );
      const byHand = await refund(order._id, { kind: 'full', reason: 'Refund by hand' });
      expect(byHand.statusCode, byHand.body).toBe(202);
      await gateway.settle();
      expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
      expect(await stockOf(ctx, lamp.id)).toBe(3);
    });

    it('a refund with restock still under way when the order is cancelled puts nothing back when it settles', async () => {
      const lamp = await product(ctx, { stock: 3, price: 60_000 });
      const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
      expect(await stockOf(ctx, lamp.id)).toBe(1);
      gateway.holdWebhooks = true;
      try {
        const asked = await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'One cracked', restock: true });
        expect(asked.statusCode, asked.body).toBe(202);
        // Cancelled before Razorpay's refund.processed arrives: the cancellation puts both units back.
        expect((await cancel(order._id)).statusCode).toBe(200);
        expect(await stockOf(ctx, lamp.id)).toBe(3);
      } finally {
        gateway.holdWebhooks = false;
      }
      expect((await gateway.releaseHeld()).map((sent) => `${sent.event} ${sent.status}`)).toEqual(['refund.processed 200', 'refund.processed 200']);
      await gateway.settle();
      expect(await stockOf(ctx, lamp.id)).toBe(3);
      expect(await ledger(order._id)).toMatchObject([
        { kind: 'lines', status: 'processed', restock: true, restockedAt: null },
        { kind: 'cancellation', status: 'processed' },
      ]);
      expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
    });

    it('a refund with restock that settles before the cancellation puts its units back, and the cancellation the rest', async () => {
      const lamp = await product(ctx, { stock: 3, price: 60_000 });
      const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
      const asked = await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'One cracked', restock: true });
      expect(asked.statusCode, asked.body).toBe(202);
      await gateway.settle();
      expect(await stockOf(ctx, lamp.id)).toBe(2);
      expect((await cancel(order._id)).statusCode).toBe(200);
      await gateway.settle();
      expect(await stockOf(ctx, lamp.id)).toBe(3);
    });

    it('puts each unit back once when a cancellation meets a restocking refund or its webhook at the same moment', async () => {
      for (let round = 0; round < 3; round += 1) {
        // The refund's webhook and the cancellation at once: each waits on the order's row lock for the other.
        const lamp = await product(ctx, { stock: 4, price: 60_000 });
        const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
        gateway.holdWebhooks = true;
        try {
          const asked = await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'Cracked', restock: true });
          expect(asked.statusCode, asked.body).toBe(202);
        } finally {
          gateway.holdWebhooks = false;
        }
        const [cancelled] = await Promise.all([cancel(order._id), gateway.releaseHeld()]);
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        await gateway.settle();
        expect(await stockOf(ctx, lamp.id)).toBe(4);

        // Staff ask for a restocking refund as the customer cancels. If the cancellation came first it is refused: its
        // items are back, or, once the cancellation's own refund holds the money, nothing is left to refund.
        const mug = await product(ctx, { stock: 4, price: 60_000 });
        const second = await paidOrder(ctx, asha, [{ productId: mug.id, quantity: 2 }]);
        const [asked, gone] = await Promise.all([
          refund(second._id, { kind: 'lines', lines: [{ lineId: second.items[0]!.id, quantity: 1 }], reason: 'Cracked', restock: true }),
          cancel(second._id),
        ]);
        expect(gone.statusCode, gone.body).toBe(200);
        if (asked.statusCode !== 202) {
          expect(asked.statusCode, asked.body).toBe(409);
          expect(['refund_restock_already_returned', 'refund_order_not_paid']).toContain(asked.json().code);
        }
        await gateway.settle();
        expect(await stockOf(ctx, mug.id)).toBe(4);
        expect(await orderRow(ctx, second._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: second.grandTotal });
      }
    });

    it('a returned parcel put back on sale: a refund under way then puts nothing back, and a later one may not ask to', async () => {
      const lamp = await product(ctx, { stock: 5, price: 60_000 });
      const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
      expect((await call(app, 'POST', `/api/admin/orders/${order._id}/status`, staff, { status: 'confirmed' })).statusCode).toBe(200);
      await ship(app, staff, order._id);
      // Back at the shop: the order is returned and its automatic full refund fails at the bank.
      gateway.failRefunds = 1;
      const journey = await call(app, 'POST', '/api/dev/shipping/loopback/journey', staff, { orderId: order._id, journey: 'rto' });
      expect(journey.statusCode, journey.body).toBe(200);
      await gateway.settle();
      expect(await orderRow(ctx, order._id)).toMatchObject({ status: 'returned', paymentStatus: 'captured' });
      expect(await stockOf(ctx, lamp.id)).toBe(3);

      gateway.holdWebhooks = true;
      try {
        const asked = await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'Returned', restock: true });
        expect(asked.statusCode, asked.body).toBe(202);
        // Staff put the parcel back on sale before Razorpay's answer: both units come back now.
        const resolved = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/rto`, staff, { resaleable: true });
        expect(resolved.statusCode, resolved.body).toBe(200);
        expect(await stockOf(ctx, lamp.id)).toBe(5);
      } finally {
        gateway.holdWebhooks = false;
      }
      await gateway.releaseHeld();
      await gateway.settle();
      expect(await stockOf(ctx, lamp.id)).toBe(5);
      expectRefusal(
        await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'Returned', restock: true }),
        409,
        'refund_restock_already_returned',
      );
    });
  });

  describe('a refund the provider may have made', () => {
    it('stays requested when the answer is lost, holds its money and units, and its webhook settles it: never paid twice', async () => {
      const lamp = await product(ctx, { stock: 5, price: 50_000 });
      const mug = await product(ctx, { stock: 5, price: 50_000 });
      const order = await paidOrder(ctx, asha, [
        { productId: lamp.id, quantity: 1 },
        { productId: mug.id, quantity: 1 },
      ]);
      const line = order.items[0]!.id;
      gateway.holdWebhooks = true;
      try {
        // Razorpay makes the refund, then the connection drops before its answer reaches the shop.
        const lost = await withRefundCall(
          async (real, ...args) => {
            await real(...args);
            throw new PaymentProviderError('razorpay: not reachable');
          },
          () => refund(order._id, { kind: 'lines', lines: [{ lineId: line, quantity: 1 }], reason: 'One cracked' }),
        );
        expectRefusal(lost, 503, 'refund_outcome_unknown');
        expect(await ledger(order._id)).toMatchObject([{ kind: 'lines', status: 'requested', amount: 50_000, failure: null }]);
        // Asked again, it is refused: its unit and its money are held by the first.
        expectRefusal(
          await refund(order._id, { kind: 'lines', lines: [{ lineId: line, quantity: 1 }], reason: 'One cracked' }),
          409,
          'refund_quantity_too_large',
        );
        expect(await refundable(order._id)).toBe(order.grandTotal - 50_000);
      } finally {
        gateway.holdWebhooks = false;
      }
      await gateway.releaseHeld();
      await gateway.settle();
      expect(refundsAsked(order.paymentId)).toHaveLength(1);
      expect(await ledger(order._id)).toMatchObject([{ status: 'processed', providerRefundId: expect.stringMatching(/^rfnd_/) as string }]);
      expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 50_000 });
    });

    it('stays requested when the provider answers 5xx, and the shop’s own refund of a cancellation goes on as under way', async () => {
      const lamp = await product(ctx, { stock: 5, price: 50_000 });
      const order = await paidOrder(ctx, asha, lamp.id);
      gateway.down = true;
      try {
        expectRefusal(await refund(order._id, { kind: 'amount', amount: 10_000, reason: 'Late delivery' }), 503, 'refund_outcome_unknown');
        // The customer cancels meanwhile: its refund meets the same outage, and is not flagged as refused.
        expect((await cancel(order._id)).statusCode).toBe(200);
      } finally {
        gateway.down = false;
      }
      expect(await ledger(order._id)).toMatchObject([
        { kind: 'amount', status: 'requested', amount: 10_000 },
        { kind: 'cancellation', status: 'requested', amount: order.grandTotal - 10_000 },
      ]);
      expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'captured', paymentFlag: null });
      expectRefusal(await refund(order._id, { kind: 'full', reason: 'Again' }), 409, 'refund_order_not_paid');
      expect(refundsAsked(order.paymentId)).toHaveLength(0);
    });

    it('is marked failed, its money free again, only when the provider refuses it (a 4xx)', async () => {
      const lamp = await product(ctx, { stock: 5, price: 50_000 });
      const order = await paidOrder(ctx, asha, lamp.id);
      const refused = await withRefundCall(
        () =>
          Promise.reject(
            new PaymentProviderError('razorpay: 400 BAD_REQUEST_ERROR The refund amount provided is greater than amount captured.', 400, 'BAD_REQUEST_ERROR'),
          ),
        () => refund(order._id, { kind: 'full', reason: 'Damaged' }),
      );
      expectRefusal(refused, 503, 'refund_provider_failed');
      expect(await ledger(order._id)).toMatchObject([{ status: 'failed', failure: expect.stringContaining('400') as string }]);
      expect(await refundable(order._id)).toBe(order.grandTotal);
      expect((await refund(order._id, { kind: 'full', reason: 'Damaged' })).statusCode).toBe(202);
      await gateway.settle();
      expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
    });
  });

  describe('refunds by lines', () => {
    it('give back what was paid for the lines, the online-payment saving shared like the coupon, adding up to the payment', async () => {
      await prepaidSaving(10);
      try {
        const lamp = await product(ctx, { stock: 5, price: 50_000 });
        const mug = await product(ctx, { stock: 5, price: 50_000 });
        const order = await paidOrder(ctx, asha, [
          { productId: lamp.id, quantity: 1 },
          { productId: mug.id, quantity: 1 },
        ]);
        // Two lines at ₹500, 10 % off for paying online, free shipping: ₹900 paid.
        expect(await orderRow(ctx, order._id)).toMatchObject({ total: 100_000, prepaidDiscount: 10_000, shipping: 0, amountPaid: 90_000 });
        const first = await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'Cracked' });
        expect(first.statusCode, first.body).toBe(202);
        expect(first.json().amount).toBe(45_000);
        await gateway.settle();
        const second = await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[1]!.id, quantity: 1 }], reason: 'Chipped' });
        expect(second.statusCode, second.body).toBe(202);
        expect(second.json().amount).toBe(45_000);
        await gateway.settle();
        expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 90_000 });
      } finally {
        await prepaidSaving(null);
      }
    });

    it('add up to exactly what was paid when the shares do not divide evenly', async () => {
      await prepaidSaving(7);
      try {
        const lamp = await product(ctx, { stock: 9, price: 33_333 });
        const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 3 }]);
        const row = await orderRow(ctx, order._id);
        // 7 % of ₹999.99 = 6,999.93 → 7,000 paise off: 92,999 paid for three units, 30,999.67 each.
        expect(row).toMatchObject({ total: 99_999, prepaidDiscount: 7_000, shipping: 0, amountPaid: 92_999 });
        const amounts: number[] = [];
        for (const reason of ['First', 'Second', 'Third']) {
          const asked = await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason });
          expect(asked.statusCode, asked.body).toBe(202);
          amounts.push(asked.json().amount);
          await gateway.settle();
        }
        expect(amounts).toEqual([31_000, 30_999, 31_000]);
        expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 92_999 });
      } finally {
        await prepaidSaving(null);
      }
    });
  });
});
