import { coupons, type Database, orders } from '@shop/db';
import type { AdminCoupon, couponInputSchema } from '@shop/domain/admin/catalogue';
import type { Paginated } from '@shop/domain/catalogue';
import { asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { recordAudit } from '../audit.ts';
import { pageOf } from '../../lib/page.ts';
import { fieldRefusal, isUniqueViolation, Refusal } from '../../lib/refusal.ts';

type Input = z.output<typeof couponInputSchema>;
type CouponRow = typeof coupons.$inferSelect;

const NOT_FOUND = () => new Refusal('admin_coupon_not_found');

function view(row: CouponRow): AdminCoupon {
  return {
    _id: row.id,
    code: row.code,
    description: row.description,
    type: row.type,
    value: row.value,
    minimum: row.minimum,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    usedCount: row.usedCount,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const values = (input: Input) => ({
  ...input,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

async function saving<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_code_idx')) throw fieldRefusal('code', 'coupon_code_taken');
    throw error;
  }
}

/** Newest first; `q` finds codes containing it. */
export async function listCoupons(db: Database, query: { q?: string; page: number; limit: number }): Promise<Paginated<AdminCoupon>> {
  const where = query.q ? ilike(coupons.code, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), asc(coupons.code))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return pageOf(rows.map(view), Number(total?.n ?? 0), query.page, query.limit);
}

export async function getCoupon(db: Database, id: string): Promise<AdminCoupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!row) throw NOT_FOUND();
  return view(row);
}

export async function createCoupon(db: Database, actor: RequestUser, input: Input): Promise<AdminCoupon> {
  return saving(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(coupons).values(values(input)).returning();
      if (!row) throw new Error('insert returned nothing');
      const created = view(row);
      await recordAudit(tx, actor, { action: 'coupon.create', entityType: 'coupon', entityId: row.id, after: created });
      return created;
    }),
  );
}

/**
 * Changes a coupon's terms. Uses so far stay as they are (they belong to orders); the total limit cannot be set below
 * them (one they already passed may stay). The row is locked first, so an order redeeming the coupon right now waits and then sees the new terms.
 */
export async function updateCoupon(db: Database, actor: RequestUser, id: string, input: Input): Promise<AdminCoupon> {
  return saving(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).limit(1).for('update');
      if (!before) throw NOT_FOUND();
      // A limit already passed (a late payment took its use back above it, decision 121) may be kept, not lowered.
      const lowered = before.maxUses === null || input.maxUses === null || input.maxUses < before.maxUses;
      if (input.maxUses !== null && input.maxUses < before.usedCount && lowered) {
        throw fieldRefusal('maxUses', 'coupon_uses_below_used', { used: before.usedCount });
      }
      const [row] = await tx.update(coupons).set(values(input)).where(eq(coupons.id, id)).returning();
      if (!row) throw NOT_FOUND();
      const after = view(row);
      await recordAudit(tx, actor, { action: 'coupon.update', entityType: 'coupon', entityId: id, before: view(before), after });
      return after;
    }),
  );
}

/** Only a coupon no order ever used may be deleted; one with history is made inactive instead (409 says so). */
export async function deleteCoupon(db: Database, actor: RequestUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).limit(1).for('update');
    if (!row) throw NOT_FOUND();
    const [used] = await tx.select({ n: count() }).from(orders).where(eq(orders.couponId, id));
    const uses = Math.max(Number(used?.n ?? 0), row.usedCount);
    if (uses > 0) throw new Refusal('coupon_in_use', { params: { used: uses } });
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, actor, { action: 'coupon.delete', entityType: 'coupon', entityId: id, before: view(row), after: null });
  });
}
