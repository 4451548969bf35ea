import { type Database, orders, paymentFlagResolutions } from '@shop/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { RequestUser } from '../../auth/request-user.ts';
import { Refusal } from '../../lib/refusal.ts';
import { isOrderId } from '../../orders/order-view.ts';

/**
 * Staff mark an order's payment flag resolved with a note of what they did (issue 20), audit-logged in the same
 * transaction. The order's row lock orders two staff resolving at once: the second finds it resolved (409
 * `payment_flag_none`, as for an order without a flag).
 */
export async function resolvePaymentFlag(db: Database, actor: Pick<RequestUser, 'id' | 'role' | 'email'>, orderId: string, note: string): Promise<void> {
  if (!isOrderId(orderId)) throw new Refusal('admin_order_not_found');
  const id = orderId.toLowerCase();
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ flag: orders.paymentFlag }).from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new Refusal('admin_order_not_found');
    const [resolved] = await tx.select({ at: paymentFlagResolutions.resolvedAt }).from(paymentFlagResolutions).where(eq(paymentFlagResolutions.orderId, id));
    if (!order.flag || resolved) throw new Refusal('payment_flag_none');
    await tx.insert(paymentFlagResolutions).values({ orderId: id, flag: order.flag, note, resolvedBy: actor.id });
    await recordAudit(tx, actor, {
      action: 'payment.flag_resolve',
      entityType: 'order',
      entityId: id,
      before: { paymentFlag: order.flag, resolved: false },
      after: { paymentFlag: order.flag, resolved: true, note },
    });
  });
}
