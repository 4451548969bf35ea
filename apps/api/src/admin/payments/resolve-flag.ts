import { type Database, orders, paymentFlagResolutions } from '@shop/db';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { RequestUser } from '../../auth/request-user.ts';
import { Refusal } from '../../lib/refusal.ts';
import { isOrderId } from '../../orders/order-view.ts';

/**
 * Staff mark an order's payment flag resolved with a note of what they did (issue 20), audit-logged in the same
 * transaction. The order's row lock orders two staff resolving at once: the second finds it resolved (409
 * `payment_flag_none`, as for an order without a flag). It orders a resolution with a change of the flag too
 * (payments/payment-flag.ts takes the same row's lock): a flag changed meanwhile is the one resolved; one changed
 * after supersedes this resolution, which stays as the order's history (decision 150).
 */
export async function resolvePaymentFlag(db: Database, actor: Pick<RequestUser, 'id' | 'role' | 'email'>, orderId: string, note: string): Promise<void> {
  if (!isOrderId(orderId)) throw new Refusal('admin_order_not_found');
  const id = orderId.toLowerCase();
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ flag: orders.paymentFlag }).from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new Refusal('admin_order_not_found');
    // Its own statement after the lock, so a resolution committed while it was awaited is seen.
    const [standing] = await tx
      .select({ id: paymentFlagResolutions.id })
      .from(paymentFlagResolutions)
      .where(and(eq(paymentFlagResolutions.orderId, id), isNull(paymentFlagResolutions.supersededAt)));
    if (!order.flag || standing) throw new Refusal('payment_flag_none');
    const [resolution] = await tx
      .insert(paymentFlagResolutions)
      .values({ orderId: id, flag: order.flag, note, resolvedBy: actor.id })
      .returning({ id: paymentFlagResolutions.id });
    await recordAudit(tx, actor, {
      action: 'payment.flag_resolve',
      entityType: 'order',
      entityId: id,
      before: { paymentFlag: order.flag, resolved: false },
      after: { paymentFlag: order.flag, resolved: true, note, resolutionId: resolution?.id ?? null },
    });
  });
}
