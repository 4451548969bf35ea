import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOnce } from '../../src/housekeeping/prune.ts';
import { createTestContext, engines, type TestContext } from '../helpers.ts';

describe.each(engines)('housekeeping (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine, {}, { fixtures: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const ago = (interval: string) => sql`now() - ${interval}::interval`;

  /** A pending row is due tomorrow, so the app's own outbox worker leaves it pending during the test. */
  async function message(label: string, status: string, age: string) {
    await ctx.handle.db.execute(sql`
      insert into outbox (channel, recipient, kind, subject, body_text, status, created_at, next_attempt_at)
      values ('email', ${`${label}@example.com`}, 'verify-email', 'Hello', 'text', ${status}, ${ago(age)}, now() + interval '1 day')`);
  }

  it('deletes sent and failed messages after 30 days, expired sessions and links after a day, idempotency keys after a week, and nothing else', async () => {
    await message('old-sent', 'sent', '31 days');
    await message('old-failed', 'failed', '40 days');
    await message('old-pending', 'pending', '40 days');
    await message('recent-sent', 'sent', '29 days');
    const user = await ctx.handle.db.execute(sql`
      insert into users (name, email, email_verified) values ('Asha', ${`asha-${Date.now()}@example.com`}, true) returning id`);
    const userId = (user as unknown as { rows: { id: string }[] }).rows[0]!.id;
    for (const [token, expires] of [['gone', '2 days'], ['kept', '1 hour']] as const) {
      await ctx.handle.db.execute(sql`
        insert into sessions (token, user_id, expires_at) values (${token}, ${userId}, ${ago(expires)})`);
      await ctx.handle.db.execute(sql`
        insert into verifications (identifier, value, expires_at) values (${token}, 'x', ${ago(expires)})`);
    }

    for (const [key, age] of [['old-key', '8 days'], ['new-key', '6 days']] as const) {
      await ctx.handle.db.execute(sql`
        insert into order_idempotency_keys (user_id, key, request_hash, order_id, created_at)
        values (${userId}, ${key}, 'hash', gen_random_uuid(), ${ago(age)})`);
    }

    expect(await pruneOnce(ctx.handle.db)).toEqual({ outbox: 2, sessions: 1, verifications: 1, idempotencyKeys: 1, uploads: 0 });

    const left = await ctx.handle.db.execute(sql`select recipient from outbox order by recipient`);
    expect((left as unknown as { rows: { recipient: string }[] }).rows.map((r) => r.recipient)).toEqual([
      'old-pending@example.com',
      'recent-sent@example.com',
    ]);
    const sessions = await ctx.handle.db.execute(sql`select token from sessions`);
    expect((sessions as unknown as { rows: { token: string }[] }).rows).toEqual([{ token: 'kept' }]);
    // A second pass finds nothing more to do.
    const keys = await ctx.handle.db.execute(sql`select key from order_idempotency_keys`);
    expect((keys as unknown as { rows: { key: string }[] }).rows).toEqual([{ key: 'new-key' }]);
    expect(await pruneOnce(ctx.handle.db)).toEqual({ outbox: 0, sessions: 0, verifications: 0, idempotencyKeys: 0, uploads: 0 });
  });

  it('trims a large backlog in bounded batches', async () => {
    for (let i = 0; i < 5; i++) await message(`batch-${i}`, 'sent', '60 days');
    expect((await pruneOnce(ctx.handle.db, 2)).outbox).toBe(2);
    expect((await pruneOnce(ctx.handle.db, 2)).outbox).toBe(2);
    expect((await pruneOnce(ctx.handle.db, 2)).outbox).toBe(1);
  });
});
