import { z } from 'zod';
import type { PaymentEvent, ProviderPayment, ProviderRefund } from '../provider.ts';

/**
 * Razorpay's entities and webhook envelope (docs/providers/razorpay.md §2 and §7), read with only the fields the shop
 * acts on: a payload is "a snapshot of the entity when the event occurred", and optional fields vary by method.
 */

const paymentEntity = z.object({
  id: z.string().regex(/^pay_[A-Za-z0-9]+$/),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullable().optional(),
  amount_refunded: z.number().int().nullable().optional(),
});

const refundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
  // Razorpay sends notes as an object, or [] when there are none.
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
});

/** A refund's notes as strings (the shop's refund id travels in them). */
function notesOf(notes: Record<string, unknown> | unknown[] | undefined): Record<string, string> {
  if (!notes || Array.isArray(notes)) return {};
  return Object.fromEntries(Object.entries(notes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

const envelope = z.object({
  entity: z.literal('event'),
  event: z.string().max(100),
  payload: z.object({
    payment: z.object({ entity: z.unknown() }).optional(),
    refund: z.object({ entity: z.unknown() }).optional(),
  }),
});

export function toPayment(value: unknown): ProviderPayment | null {
  const parsed = paymentEntity.safeParse(value);
  if (!parsed.success) return null;
  const p = parsed.data;
  return { id: p.id, orderId: p.order_id ?? null, amount: p.amount, currency: p.currency, status: p.status, amountRefunded: p.amount_refunded ?? 0 };
}

export function toRefund(value: unknown): ProviderRefund | null {
  const parsed = refundEntity.safeParse(value);
  return parsed.success
    ? { id: parsed.data.id, paymentId: parsed.data.payment_id, amount: parsed.data.amount, status: parsed.data.status, notes: notesOf(parsed.data.notes) }
    : null;
}

const HANDLED = new Set(['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid', 'refund.processed', 'refund.failed']);

/** A webhook body as an event; null when it is not JSON in Razorpay's envelope. */
export function parseRazorpayEvent(rawBody: Buffer): PaymentEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) return null;
  const { event, payload } = parsed.data;
  const payment = payload.payment ? toPayment(payload.payment.entity) : null;
  const refund = payload.refund ? toRefund(payload.refund.entity) : null;
  const type = HANDLED.has(event) ? (event as PaymentEvent['type']) : 'other';
  // A handled event without the entity it is about is not one Razorpay sends.
  if (type !== 'other' && !payment) return null;
  if (type.startsWith('refund.') && !refund) return null;
  return { type, name: event, payment, refund };
}
