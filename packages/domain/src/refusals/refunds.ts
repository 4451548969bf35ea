import { formatInr } from '../money.ts';
import { defineRefusals } from './define.ts';

/**
 * Refusals of the back office's payments and refunds (issue 20, decision 063): refunding a paid order in full, by
 * lines or by an amount, the payments list's filters, and resolving a flagged payment.
 */
export const refundRefusals = defineRefusals({
  /** Cash on delivery, not paid yet, only authorised, or refunded in full already: nothing captured is left to give back. */
  refund_order_not_paid: { status: 409, message: () => 'This order has no captured online payment left to refund' },
  refund_reason_required: { status: 400, message: () => 'Enter the reason for the refund' },
  refund_reason_too_long: { status: 400, message: (p: { max: number }) => `Write the reason in at most ${p.max} characters`, fixed: { max: 500 } },
  /** `amount` asked for and the `limit` still refundable, in paise (refunds under way count as given). */
  refund_exceeds_remaining: {
    status: 409,
    message: (p: { amount: number; limit: number }) => `A refund of ${formatInr(p.amount)} is more than the ${formatInr(p.limit)} left to refund`,
    example: { amount: 60_000, limit: 50_000 },
  },
  /** Razorpay refunds at least ₹1 (100 paise), in whole paise. */
  refund_amount_invalid: {
    status: 400,
    message: (p: { minimum: number }) => `Enter a refund amount of at least ${formatInr(p.minimum)}`,
    fixed: { minimum: 100 },
  },
  refund_kind_invalid: { status: 400, message: () => 'Choose a full refund, a refund by items or a refund by amount' },
  /** A refund by lines without any line, an unknown line, or a quantity that is not a whole number of at least 1. */
  refund_lines_invalid: { status: 400, message: () => 'Choose at least one item of this order and how many to refund' },
  refund_quantity_too_large: {
    status: 409,
    message: (p: { name: string; max: number }) => `Only ${p.max} of "${p.name}" can still be refunded`,
    example: { name: 'Engraved lamp', max: 1 },
  },
  /** Stock is given back for named items only: a refund by amount names none. */
  refund_restock_needs_lines: { status: 400, message: () => 'Items go back to stock only with a full refund or a refund by items' },
  /** The order was cancelled, or its returned parcel put back on sale: its items are in stock already (decision 063). */
  refund_restock_already_returned: {
    status: 409,
    message: () => "This order's items are already back in stock (it was cancelled, or its returned parcel was restocked); refund without putting them back",
  },
  /** The provider answered that it will not make the refund (a 4xx): nothing was refunded and nothing is held. */
  refund_provider_failed: { status: 503, message: () => 'The payment provider did not accept the refund; nothing was refunded. Try again in a moment.' },
  /**
   * The provider did not answer (a timeout, a network error, a 5xx): it may have made the refund. The ledger row stays
   * requested, its money held, until the provider's webhook or the reconciliation settles it (decision 063).
   */
  refund_outcome_unknown: {
    status: 503,
    message: () =>
      'The payment provider did not answer, so the refund may have been made. It is kept as requested, its amount held, until the provider confirms it (the shop asks again within minutes): do not refund it again.',
  },
  /** Staff marked a prepaid order refunded before its payment was refunded in full through the refund ledger. */
  payment_not_refunded: {
    status: 409,
    message: () => "This order's online payment has not been refunded in full; refund it from the payment page first, then mark the order refunded",
  },
  payment_flag_none: { status: 409, message: () => 'This payment has no open flag to resolve' },
  payment_flag_note_required: { status: 400, message: () => 'Write what was done about the flag' },
  payment_flag_note_too_long: { status: 400, message: (p: { max: number }) => `Write the note in at most ${p.max} characters`, fixed: { max: 500 } },
  payment_filter_status_invalid: { status: 400, message: () => 'Choose a payment status from the list' },
});
