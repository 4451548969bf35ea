import { describe, expect, it } from 'vitest';
import { proofAnswerRequestSchema, proofCleared, proofsOpen } from './proofs.ts';

const now = new Date('2026-11-26T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('proof gate before production', () => {
  it('lets an order without proofs through', () => {
    expect(proofCleared({ required: false, latest: null, waitDays: null, now })).toBe(true);
  });
  it('holds an order that needs a proof until one is approved', () => {
    expect(proofCleared({ required: true, latest: null, waitDays: null, now })).toBe(false);
    expect(proofCleared({ required: true, latest: { status: 'pending', createdAt: daysAgo(10) }, waitDays: null, now })).toBe(false);
    expect(proofCleared({ required: true, latest: { status: 'changes_requested', createdAt: daysAgo(10) }, waitDays: 1, now })).toBe(false);
    expect(proofCleared({ required: true, latest: { status: 'approved', createdAt: daysAgo(0) }, waitDays: null, now })).toBe(true);
  });
  it("counts an unanswered proof as cleared once the shop's wait is over, not before", () => {
    expect(proofCleared({ required: true, latest: { status: 'pending', createdAt: daysAgo(2.99) }, waitDays: 3, now })).toBe(false);
    expect(proofCleared({ required: true, latest: { status: 'pending', createdAt: daysAgo(3) }, waitDays: 3, now })).toBe(true);
  });
  it('takes proofs only before production', () => {
    expect(proofsOpen('confirmed')).toBe(true);
    expect(proofsOpen('in_production')).toBe(false);
  });
});

describe('proof answer', () => {
  it('needs a comment to ask for changes', () => {
    expect(proofAnswerRequestSchema.safeParse({ decision: 'request_changes', comment: '  ' }).error?.issues[0]).toMatchObject({
      path: ['comment'],
      message: 'proof_comment_required',
    });
    expect(proofAnswerRequestSchema.parse({ decision: 'request_changes', comment: ' Bigger letters ' }).comment).toBe('Bigger letters');
    expect(proofAnswerRequestSchema.parse({ decision: 'approve' }).decision).toBe('approve');
    expect(proofAnswerRequestSchema.safeParse({ decision: 'maybe' }).error?.issues[0]?.message).toBe('proof_decision_invalid');
  });
});
