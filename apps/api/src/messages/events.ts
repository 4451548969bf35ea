/**
 * Every message the shop sends about an order (issue 21), and the marketing mail. Each has built-in texts in en, hi
 * and ar (texts.ts); staff may replace a template's subject and intro per language (templates.ts), without a deploy.
 */
export const messageEvents = [
  'order-placed',
  'payment-received',
  'payment-failed',
  'personalisation-needed',
  'personalisation-reminder',
  'proof-ready',
  'order-in-production',
  'order-shipped',
  'order-delivered',
  'order-cancelled',
  'order-refunded',
  'back-in-stock',
  'newsletter',
] as const;
export type MessageEvent = (typeof messageEvents)[number];

export const messageLanguages = ['en', 'hi', 'ar'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];

export function isMessageEvent(value: string): value is MessageEvent {
  return (messageEvents as readonly string[]).includes(value);
}

export function isMessageLanguage(value: string): value is MessageLanguage {
  return (messageLanguages as readonly string[]).includes(value);
}

/** Order updates honour the shopper's order-update channels; marketing their marketing channels and carries an unsubscribe link. */
export function isMarketing(event: MessageEvent): boolean {
  return event === 'newsletter';
}

/** A message about an order (its mail shows the order's number and total, its footer says they ordered). */
export function isOrderEvent(event: MessageEvent): boolean {
  return event !== 'newsletter' && event !== 'back-in-stock';
}

/** The values a template may name as {placeholder}; an intro edited by staff may use these and no others. */
export const templateValues = ['name', 'shop', 'orderNumber', 'total', 'items', 'carrier', 'trackingNumber', 'reason', 'amount', 'product'] as const;
export type TemplateValue = (typeof templateValues)[number];
export type TemplateValues = Partial<Record<TemplateValue, string>>;

/** An order status the shop moves an order to, and the message it sends then. */
export const statusEvents: Partial<Record<string, MessageEvent>> = {
  in_production: 'order-in-production',
  shipped: 'order-shipped',
  delivered: 'order-delivered',
  cancelled: 'order-cancelled',
  refunded: 'order-refunded',
};

/** WhatsApp template names as registered with Meta (one per event, same name in every language). */
export function whatsAppTemplateName(event: MessageEvent): string {
  return `kaarigar_${event.replaceAll('-', '_')}`;
}
