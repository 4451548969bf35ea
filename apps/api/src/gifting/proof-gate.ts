import { orderProofs } from '@shop/db';
import { proofCleared } from '@shop/domain/gift/proofs';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';
import { Refusal } from '../lib/refusal.ts';
import { loadGiftSettings } from './gift-settings.ts';

/**
 * Called by orders/change-status.ts, with the order's row locked, before an order moves into production: an order that
 * needs a proof goes only once its latest proof is approved, or once the shop's wait for an answer is over
 * (`proof_not_approved`, 409, otherwise). Proof uploads and answers lock the same order row, so none slips in between.
 */
export async function checkProofCleared(tx: Tx, orderId: string, now: Date = new Date()): Promise<void> {
  const [latest] = await tx
    .select({ status: orderProofs.status, createdAt: orderProofs.createdAt })
    .from(orderProofs)
    .where(eq(orderProofs.orderId, orderId))
    .orderBy(desc(orderProofs.version))
    .limit(1);
  const { proofWaitDays } = await loadGiftSettings(tx);
  if (!proofCleared({ required: true, latest: latest ?? null, waitDays: proofWaitDays, now })) throw new Refusal('proof_not_approved');
}
