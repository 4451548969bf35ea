import { describe, expect, it } from 'vitest';
import { errorLogPruneRequestSchema, prunedMessage, reportListQuerySchema, subscriberCsvFileName, subscriberListQuerySchema } from './inbox.ts';

describe('inbox schemas', () => {
  it('defaults the report list to open messages of both kinds', () => {
    expect(reportListQuerySchema.parse({})).toEqual({ status: 'open', kind: 'all' });
    expect(reportListQuerySchema.safeParse({ kind: 'spam' }).error?.issues[0]?.message).toBe('report_kind_invalid');
  });
  it('filters subscribers by status', () => {
    expect(subscriberListQuerySchema.parse({ status: 'confirmed' })).toEqual({ status: 'confirmed' });
    expect(subscriberListQuerySchema.safeParse({ status: 'gone' }).success).toBe(false);
  });
  it('prunes by a whole number of days', () => {
    expect(errorLogPruneRequestSchema.parse({ olderThanDays: 30 })).toEqual({ olderThanDays: 30 });
    expect(errorLogPruneRequestSchema.safeParse({}).success).toBe(false);
    expect(errorLogPruneRequestSchema.safeParse({ olderThanDays: 1.5 }).success).toBe(false);
    expect(errorLogPruneRequestSchema.safeParse({ olderThanDays: -1 }).success).toBe(false);
  });
  it('names files and counts', () => {
    expect(subscriberCsvFileName(new Date('2026-11-23T18:00:00Z'))).toBe('newsletter-subscribers-2026-11-23.csv');
    expect(prunedMessage(1)).toBe('1 error log deleted');
    expect(prunedMessage(3)).toBe('3 error logs deleted');
  });
});
