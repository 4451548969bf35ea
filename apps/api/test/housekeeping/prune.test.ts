import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRUNE_BATCH, pruneOnce } from '../../src/housekeeping/prune.ts';
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
    const userId = (user as { rows: { id: string }[] }).rows[0]!.id;
    for (const [token, expires] of [
      ['gone', '2 days'],
      ['kept', '1 hour'],
    ] as const) {
      await ctx.handle.db.execute(sql`
        insert into sessions (token, user_id, expires_at) values (${token}, ${userId}, ${ago(expires)})`);
      await ctx.handle.db.execute(sql`
        insert into verifications (identifier, value, expires_at) values (${token}, 'x', ${ago(expires)})`);
    }

    for (const [key, age] of [
      ['old-key', '8 days'],
      ['new-key', '6 days'],
    ] as const) {
      await ctx.handle.db.execute(sql`
        insert into order_idempotency_keys (user_id, key, request_hash, order_id, created_at)
        values (${userId}, ${key}, 'hash', gen_random_uuid(), ${ago(age)})`);
    }

    expect(await pruneOnce(ctx.handle.db)).toEqual({ outbox: 2, sessions: 1, verifications: 1, idempotencyKeys: 1, uploads: 0 });

    const left = await ctx.handle.db.execute(sql`select recipient from outbox order by recipient`);
    expect((left as { rows: { recipient: string }[] }).rows.map((r) => r.recipient)).toEqual(['old-pending@example.com', 'recent-sent@example.com']);
    const sessions = await ctx.handle.db.execute(sql`select token from sessions`);
    expect((sessions as { rows: { token: string }[] }).rows).toEqual([{ token: 'kept' }]);
    // A second pass finds nothing more to do.
    const keys = await ctx.handle.db.execute(sql`select key from order_idempotency_keys`);
    expect((keys as { rows: { key: string }[] }).rows).toEqual([{ key: 'new-key' }]);
    expect(await pruneOnce(ctx.handle.db)).toEqual({ outbox: 0, sessions: 0, verifications: 0, idempotencyKeys: 0, uploads: 0 });
  });

  it('trims a large backlog in bounded batches', async () => {
    for (let i = 0; i < 5; i++) await message(`batch-${i}`, 'sent', '60 days');
    expect((await pruneOnce(ctx.handle.db, 2)).outbox).toBe(2);
    expect((await pruneOnce(ctx.handle.db, 2)).outbox).toBe(2);
    expect((await pruneOnce(ctx.handle.db, 2)).outbox).toBe(1);
  });

  it('deletes uploads no order line uses a day after upload, with their stored images, and keeps used and recent ones', async () => {
    const store = ctx.app.objectStore;
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const [owner] = rows<{ id: string }>(
      await ctx.handle.db.execute(sql`insert into users (name, email, email_verified) values ('Ravi', ${`ravi-${Date.now()}@example.com`}, true) returning id`),
    );
    const [order] = rows<{ id: string }>(
      await ctx.handle.db.execute(sql`
        insert into orders (number, user_id, payment_method, total, total_mrp, grand_total, total_items, address)
        values (${`KG-TEST-${Date.now()}`}, ${owner!.id}, 'cod', 100, 100, 100, 1, '{}'::jsonb) returning id`),
    );
    const [line] = rows<{ id: string }>(
      await ctx.handle.db.execute(sql`
        insert into order_lines (order_id, position, product_id, name, slug, price, mrp, quantity, cod)
        values (${order!.id}, 0, gen_random_uuid(), 'Mug', 'mug', 100, 100, 1, true) returning id`),
    );
    async function uploadRow(name: string, age: string, lineId: string | null) {
      const keys = { display: `customisation/${name}-display.webp`, thumbnail: `customisation/${name}-thumbnail.webp` };
      await store.put(keys.display, Buffer.from('d'), 'image/webp');
      await store.put(keys.thumbnail, Buffer.from('t'), 'image/webp');
      await ctx.handle.db.execute(sql`
        insert into customisation_uploads (user_id, display_key, thumbnail_key, display_type, source_format, source_bytes, width, height,
                                           line_id, unit, position, created_at)
        values (${owner!.id}, ${keys.display}, ${keys.thumbnail}, 'image/webp', 'jpeg', 1, 1, 1,
                ${lineId}, ${lineId ? 0 : null}, ${lineId ? 0 : null}, ${ago(age)})`);
      return keys;
    }
    const stale = await uploadRow('stale', '25 hours', null);
    const recent = await uploadRow('recent', '23 hours', null);
    const used = await uploadRow('used', '30 days', line!.id);

    // Without the store nothing is deleted (the objects would be left without rows).
    expect((await pruneOnce(ctx.handle.db)).uploads).toBe(0);
    expect((await pruneOnce(ctx.handle.db, PRUNE_BATCH, store)).uploads).toBe(1);
    expect(await store.get(stale.display)).toBeNull();
    expect(await store.get(stale.thumbnail)).toBeNull();
    for (const keys of [recent, used]) expect(await store.get(keys.display)).not.toBeNull();
    const left = rows<{ display_key: string }>(await ctx.handle.db.execute(sql`select display_key from customisation_uploads order by display_key`));
    expect(left.map((row) => row.display_key)).toEqual([recent.display, used.display]);

    // An order deleted later frees its photos; they go at the next pass (they are older than a day).
    await ctx.handle.db.execute(sql`delete from orders where id = ${order!.id}`);
    expect((await pruneOnce(ctx.handle.db, PRUNE_BATCH, store)).uploads).toBe(1);
    expect(await store.get(used.display)).toBeNull();
  });
});
