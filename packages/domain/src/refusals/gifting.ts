import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX, PROOF_COMMENT_MAX, PROOF_WAIT_DAYS_MAX } from '../gift/gift-limits.ts';
import { formatInr } from '../money.ts';
import { defineRefusals } from './define.ts';

/**
 * Refusals of gifting (issue 24): the gift options at checkout, the shop's gifting settings, and proofs (staff upload
 * one, the customer approves it or asks for changes; production waits for the approval).
 */
export const giftingRefusals = defineRefusals({
  gift_recipient_name_required: {
    status: 400,
    message: (p: { max: number }) => `Enter the recipient's name (at most ${p.max} characters)`,
    fixed: { max: GIFT_NAME_MAX },
  },
  gift_recipient_phone_invalid: { status: 400, message: () => "Enter the recipient's 10-digit mobile number" },
  gift_message_too_long: {
    status: 400,
    message: (p: { max: number }) => `A gift message can be at most ${p.max} characters`,
    fixed: { max: GIFT_MESSAGE_MAX },
  },
  gift_occasion_invalid: { status: 400, message: () => 'Choose the occasion from the list' },
  gift_occasion_date_invalid: { status: 400, message: () => 'Enter the date of the occasion (today or later)' },
  /** Wrap was asked for, but the shop stopped offering it (the checkout's terms were older). */
  gift_wrap_unavailable: { status: 409, message: () => 'Gift wrap is not available at the moment. Untick it to place the order.' },
  /** The shop's gift-wrap price or proof wait in the back office. */
  settings_gift_wrap_fee_invalid: {
    status: 400,
    message: (p: { limit: number }) => `Enter the gift-wrap price in paise, from 0 up to ${formatInr(p.limit)}`,
    fixed: { limit: 100_000 },
  },
  settings_proof_wait_days_invalid: {
    status: 400,
    message: (p: { max: number }) => `Enter the days to wait for a proof answer as a whole number from 1 to ${p.max}, or leave it empty`,
    fixed: { max: PROOF_WAIT_DAYS_MAX },
  },
  /** Staff tried to start production before the customer approved the latest proof (and the wait, if any, is not over). */
  proof_not_approved: {
    status: 409,
    message: () => 'This order needs a proof the customer has approved before it can go into production',
  },
  /** A proof upload to an order whose products need none, or that is past production. */
  proof_not_needed: { status: 409, message: () => 'This order does not take proofs (no product on it needs one, or it is past production)' },
  proof_not_found: { status: 404, message: () => 'Proof not found' },
  /** The customer answered a proof that is not the latest, or was already answered. */
  proof_already_answered: { status: 409, message: () => 'This proof has already been answered or a newer one replaced it' },
  proof_comment_required: {
    status: 400,
    message: (p: { max: number }) => `Say what should change (at most ${p.max} characters)`,
    fixed: { max: PROOF_COMMENT_MAX },
  },
  proof_decision_invalid: { status: 400, message: () => 'Choose to approve the proof or to ask for changes' },
});
