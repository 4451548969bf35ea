import { type Database, orderLines, orderRefunds, orders, paymentEvents, paymentFlagResolutions, user } from '@shop/db';
import type { AdminPaymentDetail, AdminPaymentEvent, AdminRefund } from '@shop/domain/admin/payments';
import { asc, desc, eq } from 'drizzle-orm';
import { isOrderId } from '../../orders/order-view.ts';
import { refundableAmount, refundedQuantities, stockCameBackWithOrder } from '../../payments/refund-ledger.ts';
import { paymentSummaryColumns, standingResolution, toSummary } from './list.ts';

type Reader = Pick<Database, 'select'>;

interface EntityBits {
  id?: unknown;
  amount?: unknown;
  currency?: unknown;
}

/** The payment and refund a stored webhook speaks of (its payload is kept as Razorpay sent it). */
function eventView(row: { eventId: string; eventType: string; receivedAt: Date; outcome: string | null; payload: unknown }): AdminPaymentEvent {
  const payload = (row.payload as { payload?: { payment?: { entity?: EntityBits }; refund?: { entity?: EntityBits } } } | null)?.payload;
  const payment = payload?.payment?.entity;
  const refund = payload?.refund?.entity;
  const about = row.eventType.startsWith('refund.') && refund ? refund : payment;
  return {
    eventId: row.eventId,
    type: row.eventType,
    receivedAt: row.receivedAt.toISOString(),
    outcome: row.outcome,
    paymentId: typeof payment?.id === 'string' ? payment.id : null,
    refundId: typeof refund?.id === 'string' ? refund.id : null,
    amount: typeof about?.amount === 'number' ? about.amount : null,
    currency: typeof about?.currency === 'string' ? about.currency : typeof payment?.currency === 'string' ? payment.currency : null,
  };
}

/**
 * One order's payment as staff see it (issue 20): the provider's ids and amounts, what is still refundable (overall
 * and per line), whether its units are back in stock already (no refund may restock them), the refunds asked for,
 * every webhook received (oldest first) and, for a flagged payment, what the provider reported against what the order
 * expected. Null when there is no such order.
 */
export async function paymentDetail(db: Reader, orderId: string): Promise<AdminPaymentDetail | null> {
  if (!isOrderId(orderId)) return null;
  const id = orderId.toLowerCase();
  const [row] = await db
    .select({ ...paymentSummaryColumns, total: orders.total, discount: orders.discount, resolverEmail: user.email })
    .from(orders)
    .leftJoin(paymentFlagResolutions, standingResolution)
    .leftJoin(user, eq(user.id, paymentFlagResolutions.resolvedBy))
    .where(eq(orders.id, id));
  if (!row) return null;
  const [lines, refunds, events, stockReturned] = await Promise.all([
    db
      .select({ id: orderLines.id, name: orderLines.name, attributes: orderLines.attributes, price: orderLines.price, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.position)),
    db
      .select({ refund: orderRefunds, requestedBy: user.email })
      .from(orderRefunds)
      .leftJoin(user, eq(user.id, orderRefunds.requestedBy))
      .where(eq(orderRefunds.orderId, id))
      .orderBy(desc(orderRefunds.createdAt)),
    db
      .select({
        eventId: paymentEvents.eventId,
        eventType: paymentEvents.eventType,
        receivedAt: paymentEvents.receivedAt,
        outcome: paymentEvents.outcome,
        payload: paymentEvents.payload,
      })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, id))
      .orderBy(asc(paymentEvents.receivedAt)),
    // The rule the refund's `restock` is refused by (reserveRefund), read here so the dialog does not offer it.
    stockCameBackWithOrder(db, id),
  ]);
  const live = refunds.map((r) => r.refund).filter((refund) => refund.status !== 'failed');
  const taken = refundedQuantities(live);
  const payment = toSummary(row, row.resolverEmail);
  const history = events.map(eventView);
  const flagged = [...history].reverse().find((event) => event.outcome === 'flagged') ?? null;
  const paidStatuses = ['captured', 'partially_refunded'];
  return {
    payment,
    refundable: row.providerPaymentId && paidStatuses.includes(row.status) ? refundableAmount(row, live) : 0,
    lines: lines.map((line) => ({
      lineId: line.id,
      name: line.name,
      attributes: line.attributes ?? {},
      price: line.price,
      quantity: line.quantity,
      refundable: Math.max(0, line.quantity - (taken.get(line.id) ?? 0)),
    })),
    stockReturned,
    refunds: refunds.map(({ refund, requestedBy }): AdminRefund => ({
      _id: refund.id,
      kind: refund.kind,
      amount: refund.amount,
      reason: refund.reason,
      restock: refund.restock,
      lines: refund.lines,
      status: refund.status,
      providerRefundId: refund.providerRefundId,
      failure: refund.failure,
      requestedBy: requestedBy ?? null,
      createdAt: refund.createdAt.toISOString(),
      settledAt: refund.settledAt ? refund.settledAt.toISOString() : null,
      restocked: refund.restockedAt !== null,
    })),
    events: history,
    flagReason: payment.flag
      ? {
          reportedAmount: flagged?.amount ?? null,
          reportedCurrency: flagged?.currency ?? null,
          expectedAmount: row.grandTotal,
          eventId: flagged?.eventId ?? null,
        }
      : null,
  };
}
