import { type Database, newsletterSubscribers, newsletterTokens, siteSettings } from '@shop/db';
import { NEWSLETTER_CONFIRM_TTL_HOURS, NEWSLETTER_RESEND_MINUTES } from '@shop/domain/newsletter';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { Refusal } from '../../lib/refusal.ts';
import type { OutboxMessageInput, OutboxWriter } from '../../outbox/enqueue.ts';
import { confirmationMail, newsletterLinks } from './mails.ts';
import { hashToken, newToken } from './tokens.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface NewsletterDeps {
  db: Database;
  siteUrl: string;
  enqueue(message: OutboxMessageInput, db: OutboxWriter): Promise<string>;
  now?: () => Date;
}

/**
 * Subscribes an address (already lower-cased), double opt-in: a new or unsubscribed address becomes pending and is
 * mailed a confirmation link; a pending one is mailed again unless it was in the last NEWSLETTER_RESEND_MINUTES; a
 * confirmed one gets nothing. The caller answers the same in every case. Concurrent requests for one address meet
 * on its unique index and a row lock, so there is one row and at most one mail per resend window.
 */
export async function subscribe(deps: NewsletterDeps, email: string): Promise<'mailed' | 'throttled' | 'already-confirmed'> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    await tx.insert(newsletterSubscribers).values({ email }).onConflictDoNothing({ target: newsletterSubscribers.email });
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update');
    if (!row) throw new Error('newsletter: subscriber row vanished');
    if (row.status === 'confirmed') return 'already-confirmed';
    const resendAfter = new Date(now.getTime() - NEWSLETTER_RESEND_MINUTES * 60_000);
    if (row.status === 'pending' && row.confirmationSentAt && row.confirmationSentAt > resendAfter) return 'throttled';

    const confirm = newToken();
    const unsubscribe = newToken();
    // An older confirmation link is replaced by the new one; unsubscribe links from earlier mails keep working.
    await tx.delete(newsletterTokens).where(and(eq(newsletterTokens.subscriberId, row.id), eq(newsletterTokens.purpose, 'confirm')));
    await tx.insert(newsletterTokens).values([
      {
        subscriberId: row.id,
        purpose: 'confirm',
        tokenHash: hashToken(confirm),
        expiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_HOURS * 3_600_000),
      },
      { subscriberId: row.id, purpose: 'unsubscribe', tokenHash: hashToken(unsubscribe), expiresAt: null },
    ]);
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'pending', confirmationSentAt: now, unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, row.id));
    const mail = confirmationMail(await shopName(tx), newsletterLinks(deps.siteUrl, { confirm, unsubscribe }));
    // Kind ends in "-link": the outbox blanks the body once delivered (decision 013), so the link does not linger.
    await deps.enqueue({ channel: 'email', recipient: email, kind: 'newsletter-confirm-link', ...mail }, tx);
    return 'mailed';
  });
}

async function shopName(tx: Tx): Promise<string> {
  const [row] = await tx.select({ name: siteSettings.name }).from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
  return row?.name ?? 'our shop';
}

/** The subscriber a token of `purpose` belongs to, if the token exists and has not expired. */
async function holderOf(tx: Tx, token: string, purpose: 'confirm' | 'unsubscribe', now: Date) {
  const [row] = await tx
    .select({ tokenId: newsletterTokens.id, subscriberId: newsletterTokens.subscriberId })
    .from(newsletterTokens)
    .where(
      and(
        eq(newsletterTokens.tokenHash, hashToken(token)),
        eq(newsletterTokens.purpose, purpose),
        or(isNull(newsletterTokens.expiresAt), gt(newsletterTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Confirms the subscription a confirmation link names; the link is used up. `newsletter_token_invalid` for an unknown or expired link. */
export async function confirm(deps: NewsletterDeps, token: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const holder = await holderOf(tx, token, 'confirm', now);
    if (!holder) throw new Refusal('newsletter_token_invalid');
    await tx.delete(newsletterTokens).where(eq(newsletterTokens.id, holder.tokenId));
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, holder.subscriberId));
  });
}

/**
 * Unsubscribes whoever an unsubscribe link names, at once and for good (a pending confirmation link is dropped too).
 * Idempotent: the same link again says the same; the links keep working, so an old mail's link is never a dead end.
 * `newsletter_token_invalid` for an unknown link.
 */
export async function unsubscribe(deps: NewsletterDeps, token: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const holder = await holderOf(tx, token, 'unsubscribe', now);
    if (!holder) throw new Refusal('newsletter_token_invalid');
    await tx.delete(newsletterTokens).where(and(eq(newsletterTokens.subscriberId, holder.subscriberId), eq(newsletterTokens.purpose, 'confirm')));
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: now, confirmationSentAt: null })
      .where(eq(newsletterSubscribers.id, holder.subscriberId));
  });
}
