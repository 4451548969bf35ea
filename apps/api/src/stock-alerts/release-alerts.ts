import { type Database, outbox, products, productVariants, stockAlerts } from '@shop/db';
import { and, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { type OutboxMessageInput, outboxRow } from '../outbox/enqueue.ts';
import { loadBrand } from '../messages/brand.ts';
import { isMessageLanguage, type MessageLanguage } from '../messages/events.ts';
import { fillText, renderMail } from '../messages/render.ts';
import { messageSettings } from '../messages/settings.ts';
import { loadOverride, textsWith } from '../messages/templates.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const EVENT = 'back-in-stock';

/**
 * The stock of `productIds` may have come back (a staff save, a CSV import, a cancelled order's units returned): every
 * open back-in-stock request of those that are now in stock and published (for a request naming an option: that
 * option in stock, decision 118) gets its ONE message in the outbox, and is
 * closed, in the caller's transaction (decision 100). So the message is written exactly when the stock change commits;
 * a second restock finds no open request and writes nothing; the outbox's once-only key (`stock-alert:<id>`) makes a
 * retried transaction harmless too. The caller holds the products' row locks (it has just written them), so two
 * releases of one product run one after the other and the second finds the requests closed.
 *
 * Answers how many messages were written (the caller wakes the outbox worker after its commit, or leaves it to the
 * next poll).
 */
export async function releaseStockAlerts(tx: Tx, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const open = await tx
    .select({
      id: stockAlerts.id,
      channel: stockAlerts.channel,
      recipient: stockAlerts.recipient,
      language: stockAlerts.language,
      name: products.name,
      slug: products.slug,
      sku: productVariants.sku,
      attributes: productVariants.attributes,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .leftJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .where(
      and(
        inArray(stockAlerts.productId, productIds),
        isNull(stockAlerts.notifiedAt),
        eq(products.published, true),
        // A request for the product: any of it is back. For one option (decision 118): that option is back.
        or(and(isNull(stockAlerts.variantId), gt(products.stock, 0)), and(isNotNull(stockAlerts.variantId), gt(productVariants.stock, 0))),
      ),
    )
    .for('update', { of: stockAlerts });
  if (open.length === 0) return 0;

  const { brand, defaultLanguage } = await loadBrand(tx);
  const { siteUrl } = messageSettings();
  const overrides = new Map<MessageLanguage, Awaited<ReturnType<typeof loadOverride>>>();
  const messages: OutboxMessageInput[] = [];
  for (const alert of open) {
    const language: MessageLanguage = isMessageLanguage(alert.language) ? alert.language : isMessageLanguage(defaultLanguage) ? defaultLanguage : 'en';
    if (!overrides.has(language)) overrides.set(language, await loadOverride(tx, EVENT, language));
    const override = overrides.get(language) ?? null;
    const texts = textsWith(EVENT, language, override);
    // The option is named beside the product ("Silver Anklet (Size: M)") and linked to, so the page opens on it.
    const option = alert.attributes ? Object.entries(alert.attributes).map(([name, value]) => `${name}: ${value}`) : [];
    const values = {
      shop: brand.shopName,
      product: option.length ? `${alert.name} (${option.join(', ')})` : alert.name,
      link: `${siteUrl}/product/${encodeURIComponent(alert.slug)}${alert.sku ? `?variant=${encodeURIComponent(alert.sku)}` : ''}`,
    };
    const dedupeKey = `stock-alert:${alert.id}`;
    if (alert.channel === 'email') {
      const mail = await renderMail({ event: EVENT, language, texts, brand, summary: false, marketing: false }, values);
      messages.push({ channel: 'email', recipient: alert.recipient, kind: EVENT, subject: mail.subject, text: mail.text, html: mail.html, dedupeKey });
    } else {
      messages.push({
        channel: 'sms',
        recipient: alert.recipient,
        kind: EVENT,
        text: fillText(texts.sms ?? texts.subject, values),
        dedupeKey,
        ...(override?.dltTemplateId ? { extras: { dltTemplateId: override.dltTemplateId } } : {}),
      });
    }
  }
  const written = await tx.insert(outbox).values(messages.map(outboxRow)).onConflictDoNothing({ target: outbox.dedupeKey }).returning({ id: outbox.id });
  await tx
    .update(stockAlerts)
    .set({ notifiedAt: new Date() })
    .where(
      inArray(
        stockAlerts.id,
        open.map((alert) => alert.id),
      ),
    );
  return written.length;
}
