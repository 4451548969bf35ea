import { type Database, outbox, user } from '@shop/db';
import { eq } from 'drizzle-orm';
import { visibleEmail } from '../auth/phone.ts';
import { type OutboxMessageInput, outboxRow } from '../outbox/enqueue.ts';
import { loadBrand } from './brand.ts';
import type { MessageEvent } from './events.ts';
import { loadPreferences, unsubscribeTokenOf } from './preferences.ts';
import { renderMail } from './render.ts';
import { messageSettings } from './settings.ts';
import { loadOverride, textsWith } from './templates.ts';

/**
 * Marketing e-mail (issue 21, decision 072): sent only to shoppers who chose it, and every one carries a way out that
 * works without signing in: an unsubscribe link in the footer (the storefront's /unsubscribe page, which asks before it
 * acts, so a mail scanner following links unsubscribes no one) and the List-Unsubscribe header with
 * List-Unsubscribe-Post (RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the API's URL).
 */

export function unsubscribeLinks(token: string): { page: string; oneClick: string } {
  const { siteUrl } = messageSettings();
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${siteUrl}/unsubscribe?${query}`, oneClick: `${siteUrl}/api/messages/unsubscribe?${query}` };
}

/** The marketing mail of `event` for one shopper, or null when they have not chosen marketing e-mail (or have no address). */
export async function marketingMail(db: Database, event: MessageEvent, userId: string, campaign: string): Promise<OutboxMessageInput | null> {
  const [account] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  const email = visibleEmail(account?.email);
  if (!account || !email) return null;
  const { brand, defaultLanguage } = await loadBrand(db);
  const preferences = await loadPreferences(db, userId, defaultLanguage);
  if (!preferences.marketing.includes('email')) return null;
  const links = unsubscribeLinks(await unsubscribeTokenOf(db, userId));
  const texts = textsWith(event, preferences.language, await loadOverride(db, event, preferences.language));
  const mail = await renderMail(
    { event, language: preferences.language, texts, brand, summary: false, marketing: true },
    { name: account.name.trim(), shop: brand.shopName, link: messageSettings().siteUrl, unsubscribe: links.page },
  );
  return {
    channel: 'email',
    recipient: email,
    kind: event,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    dedupeKey: `marketing:${campaign}:${userId}:email`,
    extras: { headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
  };
}

/** Writes one shopper's marketing mail of a campaign (once per campaign); answers whether one was written. */
export async function enqueueMarketingMail(db: Database, event: MessageEvent, userId: string, campaign: string): Promise<boolean> {
  const message = await marketingMail(db, event, userId, campaign);
  if (!message) return false;
  const written = await db.insert(outbox).values(outboxRow(message)).onConflictDoNothing({ target: outbox.dedupeKey }).returning({ id: outbox.id });
  return written.length > 0;
}
