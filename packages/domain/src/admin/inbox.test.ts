import { describe, expect, it } from 'vitest';
import { errorLogPruneRequestSchema, inboxMessages, reportListQuerySchema, subscriberCsvFileName, subscriberListQuerySchema } from './inbox.ts';

describe('inbox schemas', () => {
  it('defaults the report list to open messages of both kinds', () => {
    expect(reportListQuerySchema.parse({})).toEqual({ status: 'open', kind: 'all' });
    expect(reportListQuerySchema.safeParse({ kind: 'spam' }).error?.issues[0]?.message).toBe('kind must be all, complaint or message');
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
    expect(inboxMessages.pruned(1)).toBe('1 error log deleted');
    expect(inboxMessages.pruned(3)).toBe('3 error logs deleted');
  });
});
