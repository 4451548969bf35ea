import { type Database, orderProofs } from '@shop/db';
import { type OrderProofs, type Proof, proofCleared } from '@shop/domain/gift/proofs';
import { asc, inArray } from 'drizzle-orm';
import { loadGiftSettings } from './gift-settings.ts';

/** Proofs as an order answers them (issue 24): the rows of each order, and whether production may start. */

export type ProofRow = typeof orderProofs.$inferSelect;
type Reader = Pick<Database, 'select'>;

/** One path serves a proof to the order's customer and to staff (routes/order-proofs checks who asks). */
export const proofImagePath = (id: string, size: 'display' | 'thumbnail') => `/api/order-proofs/${id}/${size}`;

export function toProof(row: ProofRow): Proof {
  return {
    _id: row.id,
    version: row.version,
    image: { original: proofImagePath(row.id, 'display'), thumbnail: proofImagePath(row.id, 'thumbnail') },
    note: row.note,
    status: row.status,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

export function orderProofsOf(required: boolean, rows: ProofRow[], waitDays: number | null, now: Date = new Date()): OrderProofs {
  const latest = rows[rows.length - 1] ?? null;
  return { required, list: rows.map(toProof), cleared: proofCleared({ required, latest, waitDays, now }) };
}

/**
 * The proofs of the orders among `orders` that take them, oldest first, in one query (none when no order needs a
 * proof: most orders), with the shop's wait for an answer read once.
 */
export async function proofsByOrder(db: Reader, orders: { id: string; proofRequired: boolean }[]): Promise<Map<string, OrderProofs>> {
  const result = new Map<string, OrderProofs>();
  const ids = orders.filter((order) => order.proofRequired).map((order) => order.id);
  if (ids.length === 0) return result;
  const [rows, settings] = await Promise.all([
    db.select().from(orderProofs).where(inArray(orderProofs.orderId, ids)).orderBy(asc(orderProofs.orderId), asc(orderProofs.version)),
    loadGiftSettings(db),
  ]);
  for (const id of ids) {
    result.set(
      id,
      orderProofsOf(
        true,
        rows.filter((row) => row.orderId === id),
        settings.proofWaitDays,
      ),
    );
  }
  return result;
}

export const NO_PROOFS: OrderProofs = { required: false, list: [], cleared: true };
