import { orderLines, orders, orderStatusHistory } from '@shop/db';
import type { Order, OrderStatusChangeRequest } from '@shop/domain/order';
import { canMarkRefunded, canTransition, type OrderActor, type OrderStatus } from '@shop/domain/order-status';
import { awaitsPayment, isCashOnDelivery } from '@shop/domain/payment';
import { awaitsCodConfirmation } from '@shop/domain/cod/cod-rules';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../admin/audit.ts';
import type { RequestUser } from '../auth/request-user.ts';
import { releaseCoupon } from './coupons.ts';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';
import { findOrder, isOrderId } from './order-view.ts';
import type { OrderDeps } from './place-order.ts';
import { returnStock } from './stock.ts';
import { refundCancelled } from '../payments/refund-cancelled.ts';
import { restockedQuantities } from '../payments/refund-ledger.ts';
import { creditInvoice } from '../invoices/credit-note.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import { statusEvents } from '../messages/events.ts';
import { enqueueOrderEvent } from '../messages/order-events.ts';
import { checkProofCleared } from '../gifting/proof-gate.ts';
import { productsChanged } from '../lib/catalogue-change.ts';
import { productTags } from '../lib/storefront-notifier.ts';

export interface StatusChange {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  actorUserId: string;
  /** The customer may only touch their own orders; the shop any. */
  ownerId?: string;
  note?: string | null;
  tracking?: OrderStatusChangeRequest['tracking'];
  /** A back-office change: who, for the audit record written in the same transaction (issue 7). */
  auditActor?: Pick<RequestUser, 'id' | 'role' | 'email'>;
}

/**
 * Moves an order to a new status if the status machine allows it for this actor (409 `cancel_too_late` for the
 * customer's cancel, `status_change_not_allowed` for the shop; `order_not_found` 404), and records the
 * change with its time and actor. The order's row is locked first, so two changes never race (a customer's
 * cancel and the shop's "in production" land one after the other, and the second is judged on the first's result).
 * Shipping needs tracking (`tracking_required`); the shop must give a reason to cancel (`cancel_reason_required`: the
 * customer is told why; the customer's own cancel needs none).
 * Cancelling puts the units back in stock and gives the coupon use back. A return does not restock: a personalised
 * or handmade item that comes back is not sold again as new.
 */
export async function changeStatus(
  deps: Pick<OrderDeps, 'db' | 'invalidateCatalogue'> & Partial<Pick<OrderDeps, 'payments' | 'wakeOutbox'>>,
  change: StatusChange,
): Promise<Order> {
  const notFound = () => new Refusal('order_not_found');
  if (!isOrderId(change.orderId)) throw notFound();
  const orderId = change.orderId.toLowerCase();
  const move = await deps.db.transaction(async (tx) => {
    const where = change.ownerId ? and(eq(orders.id, orderId), eq(orders.userId, change.ownerId)) : eq(orders.id, orderId);
    const [order] = await tx
      .select({
        status: orders.status,
        tracking: orders.tracking,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        providerPaymentId: orders.providerPaymentId,
        amountPaid: orders.amountPaid,
        amountRefunded: orders.amountRefunded,
        codConfirmation: orders.codConfirmation,
        codConfirmedAt: orders.codConfirmedAt,
        proofRequired: orders.proofRequired,
      })
      .from(orders)
      .where(where)
      .for('update');
    if (!order) throw notFound();
    if (!canTransition(order.status, change.to, change.actor)) {
      throw change.actor === 'customer' && change.to === 'cancelled'
        ? fieldRefusal('status', 'cancel_too_late')
        : fieldRefusal('status', 'status_change_not_allowed', { from: order.status, to: change.to });
    }
    // A prepaid order is made and sent only once its payment is confirmed (issue 20); until then it may only be cancelled.
    if (change.to !== 'cancelled' && awaitsPayment(order.paymentMethod, order.paymentStatus)) throw new Refusal('payment_not_received');
    // A COD order waiting for its shopper's confirmation (decision 066) is likewise only cancelled until confirmed.
    if (change.to !== 'cancelled' && awaitsCodConfirmation(order)) throw new Refusal('cod_not_confirmed');
    // Issue 24: a made-to-approve order goes into production only after its proof is approved (or the shop's wait is over).
    if (change.to === 'in_production' && order.proofRequired) await checkProofCleared(tx, orderId);
    if (change.to === 'shipped' && !change.tracking) throw fieldRefusal('tracking', 'tracking_required');
    if (change.actor === 'shop' && change.to === 'cancelled' && !change.note?.trim()) throw fieldRefusal('note', 'cancel_reason_required');
    // An online payment goes back through the provider (the refund ledger): `refunded` follows it, never replaces it.
    if (change.to === 'refunded' && !canMarkRefunded(order.paymentMethod, order.paymentStatus)) throw fieldRefusal('status', 'payment_not_refunded');
    const tracking = change.tracking ? { carrier: change.tracking.carrier, number: change.tracking.number, link: change.tracking.link ?? null } : null;
    await tx
      .update(orders)
      .set({
        status: change.to,
        ...(tracking ? { tracking } : {}),
      })
      .where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: change.to,
      actor: change.actor,
      actorUserId: change.actorUserId,
      note: change.note || null,
    });
    if (change.auditActor) {
      await recordAudit(tx, change.auditActor, {
        action: 'order.status',
        entityType: 'order',
        entityId: orderId,
        before: { status: order.status, tracking: order.tracking ?? null },
        after: { status: change.to, tracking: tracking ?? order.tracking ?? null, note: change.note || null },
      });
    }
    // Issue 21: cash on delivery is invoiced when it ships (a prepaid order already was, on payment: issueInvoice
    // returns that one); a cancelled invoiced order gets a credit note for what is left of its invoice, and so does a
    // refunded one paid in cash. A refunded online payment is credited up to what the provider refunded (its refund
    // webhooks already did so: this only makes sure), never more.
    if (change.to === 'shipped') await issueInvoice(tx, orderId);
    if (change.to === 'cancelled') await creditInvoice(tx, orderId, 'all', change.to);
    if (change.to === 'refunded') await creditInvoice(tx, orderId, isCashOnDelivery(order.paymentMethod) ? 'all' : order.amountRefunded, change.to);
    // Issue 21: tell the shopper, in this transaction (the message exists exactly when the change does). A prepaid
    // order's refund is told when the provider confirms it (payments/apply-payment.ts), so only cash on delivery here.
    const event = statusEvents[change.to];
    if (event && !(change.to === 'refunded' && order.paymentMethod !== 'cod')) {
      await enqueueOrderEvent(tx, event, orderId, { reason: change.to === 'cancelled' ? change.note : null });
    }
    if (change.to !== 'cancelled') return { cameBack: false, paid: null, slugs: [], productIds: [] };
    const sold = await tx
      .select({ id: orderLines.id, productId: orderLines.productId, variantId: orderLines.variantId, slug: orderLines.slug, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    // Units a staff refund already put back (payments/refund-ledger.ts) are not put back twice.
    const restocked = await restockedQuantities(tx, orderId);
    const lines = sold.map((line) => ({ ...line, quantity: line.quantity - (restocked.get(line.id) ?? 0) })).filter((line) => line.quantity > 0);
    const returned = await returnStock(tx, lines);
    await releaseCoupon(tx, orderId);
    return { cameBack: returned.cameBack, paid: { orderId, ...order }, slugs: lines.map((line) => line.slug), productIds: lines.map((line) => line.productId) };
  });
  deps.wakeOutbox?.();
  if (move.cameBack) await deps.invalidateCatalogue(productTags(move.slugs), productsChanged(move.productIds));
  // A paid prepaid order gives its money back once it is cancelled (after the commit: a network call).
  if (move.paid && deps.payments) await refundCancelled(deps.db, deps.payments.provider, move.paid);
  return (await findOrder(deps.db, orderId)) as Order;
}
