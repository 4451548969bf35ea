/** Fixed limits of gifting (issue 24), shared by the schemas and the refusal texts. */

/** A gift message fits a small printed card. */
export const GIFT_MESSAGE_MAX = 250;
export const GIFT_NAME_MAX = 80;
/** The customer's comment when asking for changes to a proof. */
export const PROOF_COMMENT_MAX = 1000;
/** The longest wait the shop may set before an unanswered proof counts as approved. */
export const PROOF_WAIT_DAYS_MAX = 30;
/** The highest gift-wrap price the back office takes: ₹1,000. */
export const GIFT_WRAP_FEE_MAX = 100_000;
