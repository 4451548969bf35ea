import { randomUUID } from 'node:crypto';
import { type Database, orderProofs, orders } from '@shop/db';
import { type OrderProofs, proofsOpen } from '@shop/domain/gift/proofs';
import { and, asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { proofAnswerRequestSchema } from '@shop/domain/gift/proofs';
import { recordAudit } from '../admin/audit.ts';
import { hasRole } from '../auth/roles.ts';
import type { RequestUser } from '../auth/request-user.ts';
import type { ProcessedImage } from '../customisation/process-image.ts';
import { Refusal } from '../lib/refusal.ts';
import { enqueueOrderEvent } from '../messages/order-events.ts';
import type { Tx } from '../orders/coupons.ts';
import { isOrderId } from '../orders/order-view.ts';
import type { ObjectStore, StoredObject } from '../storage/object-store.ts';
import { loadGiftSettings } from './gift-settings.ts';
import { orderProofsOf } from './proof-view.ts';

/**
 * Proofs of an order (issue 24): staff upload a version, the customer answers it. Both lock the order's row first
 * (the same lock a status change takes), so a version number is never given twice, an answer never lands on a
 * version that a newer upload replaced in the meantime, and "in production" is judged on the answer as committed.
 */

export type AnswerValues = z.output<typeof proofAnswerRequestSchema>;
type Deps = { db: Database; store: ObjectStore };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function proofsNow(tx: Tx, orderId: string): Promise<OrderProofs> {
  const rows = await tx.select().from(orderProofs).where(eq(orderProofs.orderId, orderId)).orderBy(asc(orderProofs.version));
  const { proofWaitDays } = await loadGiftSettings(tx);
  return orderProofsOf(true, rows, proofWaitDays);
}

/**
 * Stores a new proof version of an order that takes proofs and has not gone into production (`proof_not_needed`, 409,
 * otherwise; `admin_order_not_found` for no such order), and asks the customer to answer it (the outbox, in the same
 * transaction, once per version). The image is written first; if the rows fail, it is removed again.
 */
export async function uploadProof(
  deps: Deps,
  actor: Pick<RequestUser, 'id' | 'role' | 'email'>,
  orderId: string,
  image: ProcessedImage,
  note: string | null,
): Promise<OrderProofs> {
  if (!isOrderId(orderId)) throw new Refusal('admin_order_not_found');
  const id = orderId.toLowerCase();
  const name = `proofs/${randomUUID()}`;
  const keys = { display: `${name}-display.webp`, thumbnail: `${name}-thumbnail.webp` };
  const written: string[] = [];
  try {
    await deps.store.put(keys.display, image.display.body, image.display.contentType);
    written.push(keys.display);
    await deps.store.put(keys.thumbnail, image.thumbnail.body, image.thumbnail.contentType);
    written.push(keys.thumbnail);
    return await deps.db.transaction(async (tx) => {
      const [order] = await tx.select({ status: orders.status, proofRequired: orders.proofRequired }).from(orders).where(eq(orders.id, id)).for('update');
      if (!order) throw new Refusal('admin_order_not_found');
      if (!order.proofRequired || !proofsOpen(order.status)) throw new Refusal('proof_not_needed');
      const [last] = await tx
        .select({ version: max(orderProofs.version) })
        .from(orderProofs)
        .where(eq(orderProofs.orderId, id));
      const version = (last?.version ?? 0) + 1;
      const [row] = await tx
        .insert(orderProofs)
        .values({ orderId: id, version, displayKey: keys.display, thumbnailKey: keys.thumbnail, note, uploadedBy: actor.id })
        .returning({ id: orderProofs.id });
      await recordAudit(tx, actor, { action: 'order.proof', entityType: 'order', entityId: id, before: null, after: { proof: row?.id, version, note } });
      // The customer is asked to answer, once per version (the stage is part of the outbox's once-only key).
      await enqueueOrderEvent(tx, 'proof-ready', id, { stage: `v${version}` });
      return proofsNow(tx, id);
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => deps.store.delete(key)));
    throw error;
  }
}

/**
 * The customer approves the latest proof of their order, or asks for changes with a comment. Another user's order,
 * or a proof not on this order, is `proof_not_found` (404); a version already answered or replaced by a newer one is
 * `proof_already_answered` (409).
 */
export async function answerProof(db: Database, userId: string, orderId: string, proofId: string, answer: AnswerValues): Promise<OrderProofs> {
  if (!isOrderId(orderId) || !UUID.test(proofId)) throw new Refusal('proof_not_found');
  const id = orderId.toLowerCase();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new Refusal('proof_not_found');
    const rows = await tx.select().from(orderProofs).where(eq(orderProofs.orderId, id)).orderBy(asc(orderProofs.version));
    const proof = rows.find((row) => row.id === proofId.toLowerCase());
    if (!proof) throw new Refusal('proof_not_found');
    if (proof !== rows[rows.length - 1] || proof.status !== 'pending') throw new Refusal('proof_already_answered');
    await tx
      .update(orderProofs)
      .set({ status: answer.decision === 'approve' ? 'approved' : 'changes_requested', comment: answer.comment || null, answeredAt: new Date() })
      .where(eq(orderProofs.id, proof.id));
    return proofsNow(tx, id);
  });
}

/** A proof image for the order's customer or staff; anyone else (or a missing object) gets `proof_not_found`. */
export async function readProofImage(
  deps: Deps,
  viewer: Pick<RequestUser, 'id' | 'role'>,
  proofId: string,
  size: 'display' | 'thumbnail',
): Promise<StoredObject> {
  if (!UUID.test(proofId)) throw new Refusal('proof_not_found');
  const [row] = await deps.db
    .select({ displayKey: orderProofs.displayKey, thumbnailKey: orderProofs.thumbnailKey, userId: orders.userId })
    .from(orderProofs)
    .innerJoin(orders, eq(orders.id, orderProofs.orderId))
    .where(eq(orderProofs.id, proofId.toLowerCase()))
    .limit(1);
  if (!row || (row.userId !== viewer.id && !hasRole(viewer.role, 'staff'))) throw new Refusal('proof_not_found');
  const object = await deps.store.get(size === 'thumbnail' ? row.thumbnailKey : row.displayKey);
  if (!object) throw new Refusal('proof_not_found');
  return object;
}
