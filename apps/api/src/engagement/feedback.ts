import { isIP } from 'node:net';
import { type Database, shopFeedback } from '@shop/db';
import type { Feedback, FeedbackValues } from '@shop/domain/feedback';
import { displayName, type ModerationState } from '@shop/domain/review';
import { count, desc, eq } from 'drizzle-orm';
import { recordAudit } from '../admin/audit.ts';
import type { RequestUser } from '../auth/request-user.ts';
import { type Page, pageOf } from '../lib/page.ts';
import { Refusal } from '../lib/refusal.ts';

type FeedbackRow = typeof shopFeedback.$inferSelect;

/** Feedback as /feedback shows it: the author by first name and initial, never the email. */
const publicFeedback = (row: FeedbackRow): Feedback => ({
  _id: row.id,
  author: displayName(row.name),
  rating: row.rating,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

type FeedbackForShop = Feedback & { name: string; email: string; state: ModerationState };
const feedbackForShop = (row: FeedbackRow): FeedbackForShop => ({ ...publicFeedback(row), name: row.name, email: row.email, state: row.state });

/** Approved feedback, newest first. */
export async function approvedFeedback(db: Database, page: number, limit: number): Promise<Page<Feedback>> {
  const where = eq(shopFeedback.state, 'approved');
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shopFeedback)
      .where(where)
      .orderBy(desc(shopFeedback.createdAt), desc(shopFeedback.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(shopFeedback).where(where),
  ]);
  return pageOf(rows.map(publicFeedback), Number(total?.n ?? 0), page, limit);
}

/** Stores feedback as pending (the shop reads it first), with the sender's address when it is one. Answers its id. */
export async function receiveFeedback(db: Database, values: FeedbackValues, ip: string): Promise<string> {
  const [row] = await db
    .insert(shopFeedback)
    .values({ ...values, state: 'pending', ip: isIP(ip) ? ip : null })
    .returning({ id: shopFeedback.id });
  return (row as { id: string }).id;
}

/** The shop's moderation list: feedback in one state, oldest first (the queue is state=pending). */
export async function feedbackInState(db: Database, state: ModerationState, page: number, limit: number): Promise<Page<FeedbackForShop>> {
  const where = eq(shopFeedback.state, state);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shopFeedback)
      .where(where)
      .orderBy(shopFeedback.createdAt, shopFeedback.id)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(shopFeedback).where(where),
  ]);
  return pageOf(rows.map(feedbackForShop), Number(total?.n ?? 0), page, limit);
}

/** Approves or rejects feedback (staff), with its audit row (issue 7), in one transaction. `feedback_not_found` when absent. */
export async function moderateFeedback(db: Database, moderator: RequestUser, id: string, state: 'approved' | 'rejected'): Promise<FeedbackForShop> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select({ state: shopFeedback.state }).from(shopFeedback).where(eq(shopFeedback.id, id)).for('update');
    if (!current) throw new Refusal('feedback_not_found');
    const [updated] = await tx
      .update(shopFeedback)
      .set({ state, moderatedAt: new Date(), moderatedBy: moderator.id })
      .where(eq(shopFeedback.id, id))
      .returning();
    await recordAudit(tx, moderator, {
      action: 'feedback.moderate',
      entityType: 'feedback',
      entityId: id,
      before: { state: current.state },
      after: { state },
    });
    return updated as FeedbackRow;
  });
  return feedbackForShop(row);
}
