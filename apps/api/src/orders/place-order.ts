import { createHash, randomUUID } from 'node:crypto';
import { type Database, orderIdempotencyKeys } from '@shop/db';
import type { Order, PlaceOrderValues } from '@shop/domain/order';
import { fieldRefusal as fieldRefusalOf } from '@shop/domain/refusals/index';
import { type ShippingRules, shippingFor } from '@shop/domain/pricing';
import { isCashOnDelivery, MIN_ONLINE_PAYMENT } from '@shop/domain/payment';
import { checkoutOf, type PaymentDeps, startCheckout } from '../payments/start-checkout.ts';
import { and, eq } from 'drizzle-orm';
import { requestUserFrom } from '../auth/request-user.ts';
import { type OutboxMessageInput, outboxRow } from '../outbox/enqueue.ts';
import { orderConfirmedMessages, placedOrderEventRow } from '../messages/order-events.ts';
import { fieldRefusal, isUniqueViolation, Refusal } from '../lib/refusal.ts';
import { checkCouponAvailable, type CouponRow, discountFor, findCoupon, redeemCoupon } from './coupons.ts';
import type { OrderLimits } from './limits.ts';
import type { TryCounter } from '../lib/try-counter.ts';
import { readOrderInputs } from './order-inputs.ts';
import { orderNumber } from './order-number.ts';
import { findOrder, toOrder } from './order-view.ts';
import { lineLabel, outOfStock, priceRows, productIdsOf } from './price-lines.ts';
import { shortOfStock } from './stock.ts';
import { refuseUndeliverable } from '../delivery/deliverable.ts';
import { chargesAtPlacement, type CodDeps, confirmationAtPlacement, limitsWithCodCap } from '../cod/cod-placement.ts';
import type { GiftSettings } from '@shop/domain/gift/gift-settings';
import { giftAtPlacement } from '../gifting/gift-placement.ts';
import { checkPersonalLines, personalHashPart, writePersonalLines } from '../gifting/personalisation-placement.ts';
import { isShortOfStock, type OrderCounts, type OrderLineRow, type OrderRow, type StatusRow, writeOrder } from './write-order.ts';
import { productsChanged } from '../lib/catalogue-change.ts';
import { productTags } from '../lib/storefront-notifier.ts';

/** What placing an order needs from the app: the database and a few of its services. */
export interface OrderDeps {
  db: Database;
  shippingRules(): Promise<ShippingRules>;
  /** Tells this process's outbox worker a message was committed (the order's statement writes it). */
  wakeOutbox(): void;
  /**
   * Forgets cached catalogue answers (a product ran out or came back); `tags` name the storefront pages to expire
   * (lib/storefront-notifier.ts `productTags`), all of them when absent; `changed` what changed for the caches kept
   * beside the response cache (lib/catalogue-change.ts `productsChanged`), anything when absent.
   */
  invalidateCatalogue(tags?: string[], changed?: string): Promise<void>;
  /** The abuse limits (issue 19) and where wrong coupon codes are counted. */
  limits: OrderLimits;
  couponTries: TryCounter;
  /** The payment provider and the reservation time of a prepaid order (issue 20). */
  payments: PaymentDeps;
  /** The shop's COD controls (issue 20, decision 065): fee, prepaid saving, refusals, open-COD cap, confirmation. */
  cod: CodDeps;
  /** The shop's gifting settings (issue 24): the gift-wrap price. */
  giftSettings(): Promise<GiftSettings>;
}

/** The request around the order: its Idempotency-Key, and the client's address (coupon guesses are counted per address). */
export interface PlaceOrderRequest {
  key?: string;
  ip: string;
}

export interface Customer {
  id: string;
  email: string | null;
  phoneNumber: string | null;
}

interface Placed {
  order: Order;
  /** True when an earlier request with the same Idempotency-Key made this order. */
  replayed: boolean;
}

/** Thrown inside the transaction when the Idempotency-Key row already exists: roll back, answer the first order. */
class KeyTaken extends Error {}

/** Whole minutes until `since` (the oldest order in a window) is `windowMs` old: when the next order fits. */
function minutesUntil(since: string | null, windowMs: number, now: Date): number {
  const left = since ? new Date(since).getTime() + windowMs - now.getTime() : windowMs;
  return Math.max(1, Math.ceil(left / 60_000));
}

/**
 * The refusal for an order over a limit: the open cash-on-delivery orders first (409: waiting does not help, a
 * delivery or a cancellation does), then the orders of the last minute and hour (429, with the minutes to wait).
 */
function limitRefusal(counts: OrderCounts, limits: OrderLimits, cod: boolean, now: Date): Refusal {
  if (cod && counts.openCod >= limits.openCod) return new Refusal('open_orders_limit', { params: { max: limits.openCod } });
  if (counts.lastMinute >= limits.perMinute) {
    return new Refusal('order_rate_limited', { params: { max: limits.perMinute, windowMinutes: 1, minutes: minutesUntil(counts.minuteSince, 60_000, now) } });
  }
  return new Refusal('order_rate_limited', { params: { max: limits.perHour, windowMinutes: 60, minutes: minutesUntil(counts.hourSince, 3_600_000, now) } });
}

/** The request as it matters for idempotency: the same key must come with the same order. */
function requestHash(body: PlaceOrderValues): string {
  const normal = {
    items: body.items.map((line) => [line.productId.toLowerCase(), line.variantId?.toLowerCase() ?? null, line.quantity]),
    addressId: body.addressId.toLowerCase(),
    paymentMethod: body.paymentMethod,
    couponCode: body.couponCode ?? null,
    gift: body.gift ?? null,
    personalisation: personalHashPart(body.items),
  };
  return createHash('sha256').update(JSON.stringify(normal)).digest('hex');
}

/** The order an earlier request with this key made, or `idempotency_key_reused` (422) if that request was a different order. */
async function replay(db: Database, userId: string, key: string, hash: string, payments?: PaymentDeps): Promise<Placed | null> {
  const [row] = await db
    .select()
    .from(orderIdempotencyKeys)
    .where(and(eq(orderIdempotencyKeys.userId, userId), eq(orderIdempotencyKeys.key, key)))
    .limit(1);
  return row ? replayOf(db, userId, row, hash, payments) : null;
}

async function replayOf(
  db: Database,
  userId: string,
  row: { requestHash: string; orderId: string },
  hash: string,
  payments?: PaymentDeps,
): Promise<Placed | null> {
  if (row.requestHash !== hash) throw fieldRefusal('Idempotency-Key', 'idempotency_key_reused');
  const order = await findOrder(db, row.orderId, userId);
  if (!order) return null;
  // A prepaid order still waiting for its payment: the retry gets the same checkout to open.
  const payment = payments && !isCashOnDelivery(order.paymentMethod) ? await checkoutOf(db, payments, order._id) : undefined;
  return { order: payment ? { ...order, payment } : order, replayed: true };
}

/**
 * Places an order (POST /api/user/order) for the caller (from a verified token or session; its row, and that its
 * session still lives, are checked here). One statement reads (the user, the address and its pincode's delivery
 * row, an earlier use of the Idempotency-Key, the products, and what a COD order's confirmation is made of) for clear
 * early answers; then one statement checks the customer's order limits (issue 19, decision 050) and writes the stock,
 * the order, its lines, its first status and its messages (write-order.ts, decision 126). With a coupon or an Idempotency-Key those rows are written in the same transaction as the order's
 * statement. Anything refused inside undoes all of it.
 */
export async function placeOrder(
  deps: OrderDeps,
  caller: { userId: string; sessionId: string },
  body: PlaceOrderValues,
  request: PlaceOrderRequest,
): Promise<Placed> {
  const { db } = deps;
  // COD controls (decision 065): the shop's open-COD cap replaces OPEN_COD_ORDERS_MAX when it set one.
  const codSettings = await deps.cod.settings();
  const limits = limitsWithCodCap(deps.limits, codSettings);
  const { userId, sessionId } = caller;
  const { key } = request;
  const hash = requestHash(body);
  const cod = isCashOnDelivery(body.paymentMethod);
  const inputs = await readOrderInputs(db, {
    userId,
    sessionId,
    addressId: body.addressId.toLowerCase(),
    productIds: productIdsOf(body.items),
    key,
    // A cash-on-delivery order's confirmation is rendered before its write (decision 126); a prepaid one waits for its payment.
    messages: cod,
  });
  // The same rule as every other signed-in route (a missing or banned account is signed out), on the row read just now.
  const customer = requestUserFrom(inputs.user);
  if (!customer) throw new Refusal('not_signed_in');
  if (key && inputs.earlier) {
    const earlier = await replayOf(db, customer.id, inputs.earlier, hash, deps.payments);
    if (earlier) return earlier;
  }

  // A foreign address is answered first, whatever the lines say.
  const { address } = inputs;
  if (!address) throw fieldRefusal('addressId', 'address_not_found');
  const cart = priceRows(inputs.cart, body.items);
  if (cod) {
    const noCod = cart.lines.filter((line) => !line.cod);
    if (noCod.length > 0) {
      // The whole refusal names every such line; each line's own names that line.
      const names = noCod.map(lineLabel);
      const errors = Object.fromEntries(
        noCod.map((line) => [`items.${line.index}`, fieldRefusalOf('cod_unavailable', { names: [lineLabel(line)], count: 1 })]),
      );
      throw new Refusal('cod_unavailable', { params: { names, count: names.length }, errors });
    }
  }

  let coupon: CouponRow | null = null;
  let discount = 0;
  if (body.couponCode) {
    coupon = await findCoupon(db, body.couponCode, 'couponCode', {
      couponTries: deps.couponTries,
      maxTries: limits.couponTries,
      userId: customer.id,
      ip: request.ip,
    });
    await checkCouponAvailable(db, coupon, customer.id, 'couponCode');
    if (cart.total < coupon.minimum) throw fieldRefusal('couponCode', 'coupon_minimum_not_met', { minimum: coupon.minimum });
    discount = discountFor(coupon, cart.total);
  }
  const shipping = shippingFor(cart.total, await deps.shippingRules());
  // Issue 24: the gift and its wrap line, priced from the shop's settings; production waits for a proof when a product needs one.
  const gifting = giftAtPlacement(body.gift, await deps.giftSettings(), new Date());
  const needsProof = new Set(inputs.cart.filter((row) => row.product.needsProof).map((row) => row.product.id));
  const proofRequired = cart.lines.some((line) => needsProof.has(line.productId));
  // COD controls (decision 065, cod/cod-placement.ts): the COD fee or the prepaid saving, and the shop's refusals of
  // cash on delivery (blocked pincode, over the maximum), decided here and stored on the order. The wrap is in the total.
  const charges = chargesAtPlacement(codSettings, {
    method: body.paymentMethod,
    total: cart.total,
    discount,
    shipping,
    giftWrap: gifting.giftWrapFee,
    pincode: address.pincode,
  });
  // The provider takes nothing under ₹1 (a 100 % coupon and free shipping): refused now, rather than the order written,
  // the provider's refusal answered 503 and the order cancelled again.
  if (!cod && charges.grandTotal < MIN_ONLINE_PAYMENT) throw fieldRefusal('paymentMethod', 'prepaid_total_too_small');
  // Issue 22: a pincode our couriers do not serve, or where they collect no cash, is refused before any payment (its
  // directory row came with the order's read).
  refuseUndeliverable(inputs.pincode, address.pincode, cod);
  // Issue 24: the live preview's values, checked against the templates and the caller's uploads before any write.
  const personal = await checkPersonalLines(db, customer.id, body.items);
  const totals = {
    total: cart.total,
    totalMrp: cart.totalMrp,
    discount,
    shipping,
    grandTotal: charges.grandTotal,
    totalItems: cart.totalItems,
  };

  const snapshot = {
    name: address.name,
    mobile: address.mobile,
    line1: address.line1,
    line2: address.line2,
    landmark: address.landmark,
    city: address.city,
    state: address.state,
    pincode: address.pincode,
  };

  for (let attempt = 0; ; attempt++) {
    const orderId = randomUUID();
    const number = orderNumber();
    const now = new Date();
    const { provider, reservationMinutes } = deps.payments;
    const orderRow: OrderRow = {
      id: orderId,
      createdAt: now,
      updatedAt: now,
      number,
      userId: customer.id,
      status: 'placed',
      paymentMethod: body.paymentMethod,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      ...totals,
      address: snapshot,
      tracking: null,
      // Cash on delivery is pending until collected; a prepaid order until the provider confirms, within its reservation.
      paymentStatus: 'pending',
      paymentProvider: cod ? null : provider.name,
      providerOrderId: null,
      providerOrderAmount: null,
      providerPaymentId: null,
      amountPaid: 0,
      amountRefunded: 0,
      paymentFlag: null,
      nextPaymentFlag: null,
      reservationExpiresAt: cod ? null : new Date(now.getTime() + reservationMinutes * 60_000),
      codFee: charges.codFee,
      prepaidDiscount: charges.prepaidDiscount,
      codConfirmation: null,
      codConfirmSecret: null,
      codConfirmTries: 0,
      codConfirmBy: null,
      codConfirmedAt: null,
      gift: gifting.gift,
      giftWrapFee: gifting.giftWrapFee,
      proofRequired,
      // Cash on delivery is invoiced when it ships, prepaid when paid (decision 109): nothing is due at placement.
      invoiceDueAt: null,
      paymentsCheckedAt: null,
    };
    // COD confirmation (decision 066): the order waits for the shopper's code or link, sent by SMS with the order.
    const pending = confirmationAtPlacement(deps.cod, codSettings, {
      id: orderId,
      number,
      method: body.paymentMethod,
      grandTotal: totals.grandTotal,
      mobile: address.mobile,
      placedAt: now,
    });
    if (pending) Object.assign(orderRow, pending.columns);
    const lineRows: OrderLineRow[] = cart.lines.map((line, position) => ({
      id: randomUUID(),
      orderId,
      position,
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      slug: line.slug,
      image: line.image,
      attributes: line.attributes,
      sku: line.sku,
      price: line.price,
      mrp: line.mrp,
      quantity: line.quantity,
      cod: line.cod,
      customization: line.customization,
    }));
    const placedStatus: StatusRow = { id: randomUUID(), orderId, status: 'placed', actor: 'customer', actorUserId: customer.id, note: null, at: now };
    // Issue 21: "order placed" (and "personalisation needed") for cash on delivery, and the COD confirmation's SMS
    // (decision 066), written by the order's own statement (decision 126): rendered here from what the read found, as
    // messages/ would render them from the stored order (once-only keys as there). A prepaid order's confirmation waits
    // for its payment (it says "pay on delivery" otherwise).
    const personalised = new Set(personal.map((line) => line.index));
    const messages: OutboxMessageInput[] = cod
      ? await orderConfirmedMessages(
          'order-placed',
          placedOrderEventRow(
            { id: orderId, number, grandTotal: totals.grandTotal, totalItems: totals.totalItems },
            { name: inputs.user?.name ?? null, email: inputs.user?.email ?? null, phone: inputs.user?.phoneNumber ?? null },
            inputs.messages as NonNullable<typeof inputs.messages>,
            lineRows.map((line, index) => ({ id: line.id, slug: line.slug, customization: line.customization, personalised: personalised.has(index) })),
          ),
        )
      : [];
    if (pending) messages.push(pending.message);
    const guard = { perMinute: limits.perMinute, perHour: limits.perHour, openCod: cod ? limits.openCod : null };
    try {
      const write = async (to: Parameters<typeof writeOrder>[0]) => {
        const written = await writeOrder(to, orderRow, lineRows, cart.lines, placedStatus, messages.map(outboxRow), guard);
        // Over a limit nothing was written; inside a transaction, the refusal also undoes the Idempotency-Key row.
        if (!written.placed) throw limitRefusal(written.counts, limits, cod, now);
        if (personal.length > 0) await writePersonalLines(to, personal, lineRows);
        return written;
      };
      const stock =
        !key && !coupon && personal.length === 0
          ? await write(db)
          : await db.transaction(async (tx) => {
              if (key) {
                const [claimed] = await tx
                  .insert(orderIdempotencyKeys)
                  .values({ userId: customer.id, key, requestHash: hash, orderId })
                  .onConflictDoNothing()
                  .returning({ orderId: orderIdempotencyKeys.orderId });
                if (!claimed) throw new KeyTaken();
              }
              const moved = await write(tx);
              // Locks are taken stock first, coupon second (decision 017).
              if (coupon) await redeemCoupon(tx, coupon, customer.id, orderId, 'couponCode');
              return moved;
            });
      if (cod || pending) deps.wakeOutbox();
      // Only the pages of what this order bought (and the listings) show the stock it took.
      const boughtTags = productTags(lineRows.map((line) => line.slug));
      const bought = productsChanged(lineRows.map((line) => line.productId));
      if (stock.wentOut) await deps.invalidateCatalogue(boughtTags, bought);
      // The answer is built from the rows just written: no second read of what the statement knows.
      const order = toOrder(orderRow, lineRows, [placedStatus]);
      if (cod) return { order, replayed: false };
      const payment = await startCheckout(db, deps.payments, { id: orderId, number, grandTotal: totals.grandTotal }, () =>
        deps.invalidateCatalogue(boughtTags, bought),
      );
      return { order: { ...order, payment }, replayed: false };
    } catch (error) {
      if (error instanceof KeyTaken && key) {
        const earlier = await replay(db, customer.id, key, hash, deps.payments);
        if (earlier) return earlier;
        throw new Refusal('order_in_flight');
      }
      if (isShortOfStock(error)) {
        const refusal = await shortOfStock(db, cart.lines);
        if (refusal) throw refusal;
        // Nothing is short any more (units came back meanwhile): the order may go through now.
        if (attempt < 2) continue;
        throw outOfStock(cart.lines.map((line) => ({ ...line, left: line.stock })));
      }
      // A clash of random order numbers: vanishingly rare, and a fresh number fixes it.
      if (attempt < 2 && isUniqueViolation(error, 'orders_number_idx')) continue;
      throw error;
    }
  }
}
