import { z } from 'zod';
import { coded } from '../field-errors.ts';
import { hasControlCharacters } from '../text-rules.ts';
import { PROOF_COMMENT_MAX } from './gift-limits.ts';

/**
 * Proofs (issue 24). For an order with a product that needs one, staff upload a proof image; the customer approves it
 * or asks for changes with a comment; staff upload the next version, and so on. Every version and answer is kept on
 * the order. Production (the move to in_production) waits for the latest proof's approval, or, if the shop chose a
 * wait, until that many days passed since the latest proof was sent without an answer.
 */

export const proofStatuses = ['pending', 'approved', 'changes_requested'] as const;
export type ProofStatus = (typeof proofStatuses)[number];

const DAY_MS = 86_400_000;

export const proofDecisions = ['approve', 'request_changes'] as const;
const commentCode = coded('proof_comment_required');

/** POST /api/user/order/{id}/proofs/{proofId}/answer. A request for changes needs a comment; an approval may have one. */
export const proofAnswerRequestSchema = z
  .object({
    decision: z.enum(proofDecisions, { error: coded('proof_decision_invalid') }),
    comment: z
      .string({ error: commentCode })
      .trim()
      .max(PROOF_COMMENT_MAX, { error: commentCode })
      .refine((value) => !hasControlCharacters(value), { error: commentCode })
      .optional(),
  })
  .superRefine((answer, context) => {
    if (answer.decision === 'request_changes' && !answer.comment) context.addIssue({ code: 'custom', path: ['comment'], message: commentCode });
  });
export type ProofAnswerRequest = z.input<typeof proofAnswerRequestSchema>;

/** One proof as the order answers it (customer and staff alike): newest last. */
export const proofSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  /** API paths of the image (the caller's own order, or staff). */
  image: z.object({ original: z.string(), thumbnail: z.string() }),
  note: z.string().nullable(),
  status: z.enum(proofStatuses),
  comment: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type Proof = z.infer<typeof proofSchema>;

export const orderProofsSchema = z.object({
  /** A product on the order needs a proof (the product's flag when the order was placed). */
  required: z.boolean(),
  /** Oldest first. */
  list: z.array(proofSchema),
  /** Production may start (approved, or the shop's wait for an answer is over). */
  cleared: z.boolean(),
});
export type OrderProofs = z.infer<typeof orderProofsSchema>;

export interface LatestProof {
  status: ProofStatus;
  createdAt: Date;
}

/**
 * Whether an order may go into production as far as proofs go: yes when none is needed, when the latest proof is
 * approved, or when the shop waits `waitDays` for an answer and the latest proof is unanswered that long. A request
 * for changes never clears: staff must send a new version.
 */
export function proofCleared(input: { required: boolean; latest: LatestProof | null; waitDays: number | null; now: Date }): boolean {
  if (!input.required) return true;
  const { latest } = input;
  if (!latest) return false;
  if (latest.status === 'approved') return true;
  if (latest.status === 'pending' && input.waitDays !== null) return input.now.getTime() - latest.createdAt.getTime() >= input.waitDays * DAY_MS;
  return false;
}

/** Statuses in which staff may still send a proof: before production starts. */
export const PROOF_OPEN_STATUSES = ['placed', 'confirmed'] as const;
export function proofsOpen(status: string): boolean {
  return (PROOF_OPEN_STATUSES as readonly string[]).includes(status);
}
