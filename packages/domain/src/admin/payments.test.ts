import { describe, expect, it } from 'vitest';
import { adminPaymentListQuerySchema, flagResolveRequestSchema, refundRequestSchema } from './payments.ts';

const codesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('refund request (issue 20)', () => {
  it('takes a full refund with a reason, restock off unless asked', () => {
    expect(refundRequestSchema.parse({ kind: 'full', reason: ' Broken ' })).toEqual({ kind: 'full', reason: 'Broken', restock: false });
  });

  it('requires a reason, an amount for a refund by amount and lines for a refund by items', () => {
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'full', reason: '  ' }))).toEqual({ reason: 'refund_reason_required' });
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'amount', reason: 'x' }))).toEqual({ amount: 'refund_amount_invalid' });
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'lines', reason: 'x', lines: [] }))).toEqual({ lines: 'refund_lines_invalid' });
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'partial', reason: 'x' }))).toEqual({ kind: 'refund_kind_invalid' });
  });

  it('refuses amounts below ₹1 or in fractions of a paisa, and stock back for a refund by amount', () => {
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'amount', reason: 'x', amount: 99 }))).toEqual({ amount: 'refund_amount_invalid' });
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'amount', reason: 'x', amount: 150.5 }))).toEqual({ amount: 'refund_amount_invalid' });
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'amount', reason: 'x', amount: 500, restock: true }))).toEqual({
      restock: 'refund_restock_needs_lines',
    });
  });

  it('takes whole quantities of at least one for lines', () => {
    const lineId = '0b5c2a4e-8f1d-4c3b-9a7e-6d5f4e3c2b1a';
    expect(refundRequestSchema.safeParse({ kind: 'lines', reason: 'x', lines: [{ lineId, quantity: 1 }] }).success).toBe(true);
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'lines', reason: 'x', lines: [{ lineId, quantity: 0 }] }))).toEqual({
      'lines.0.quantity': 'refund_lines_invalid',
    });
    expect(codesOf(refundRequestSchema.safeParse({ kind: 'lines', reason: 'x', lines: [{ lineId: 'nope', quantity: 1 }] }))).toEqual({
      'lines.0.lineId': 'refund_lines_invalid',
    });
  });
});

describe('payments list query', () => {
  it('reads a GET form: empty fields are "any", flagged is 1, pages default', () => {
    expect(adminPaymentListQuerySchema.parse({ status: '', method: 'prepaid', flagged: '1', q: ' pay_X ' })).toEqual({
      method: 'prepaid',
      flagged: true,
      q: 'pay_X',
      page: 1,
      limit: 20,
    });
  });

  it('refuses an unknown status and dates out of order', () => {
    expect(codesOf(adminPaymentListQuerySchema.safeParse({ status: 'paid' }))).toEqual({ status: 'payment_filter_status_invalid' });
    expect(codesOf(adminPaymentListQuerySchema.safeParse({ from: '2026-02-02', to: '2026-02-01' }))).toEqual({ to: 'order_filter_dates_order' });
  });
});

describe('flag resolution', () => {
  it('needs a note of at most 500 characters', () => {
    expect(codesOf(flagResolveRequestSchema.safeParse({ note: '' }))).toEqual({ note: 'payment_flag_note_required' });
    expect(codesOf(flagResolveRequestSchema.safeParse({ note: 'x'.repeat(501) }))).toEqual({ note: 'payment_flag_note_too_long' });
    expect(flagResolveRequestSchema.parse({ note: ' Refunded by hand ' })).toEqual({ note: 'Refunded by hand' });
  });
});
