import type { Database } from '@shop/db';
import { OPEN_ORDER_STATUSES } from '@shop/domain/order-statuses';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import { enqueueOrderEvent } from './order-events.ts';

/**
 * Personalisation reminders (issue 21): an order asked for its personalisation ("personalisation-needed" written) and
 * still missing some 24 hours later gets a reminder, and another at 72 hours; none once every line that needs one has
 * it, or once the order is no longer open. Each stage is keyed once per order, so running this pass often, in several
 * processes, or again after a crash sends each reminder once. `now` is a parameter so tests move the clock.
 */

export const REMINDER_STAGES = [
  { stage: '72h', hours: 72 },
  { stage: '24h', hours: 24 },
] as const;

const OPEN = sql.raw(`'{${OPEN_ORDER_STATUSES.join(',')}}'`);

/** Orders whose personalisation is still missing, with when they were first asked for it (bounded batch). */
async function waiting(db: Pick<Database, 'execute'>, now: Date, limit: number) {
  return rowsOf<{ order_id: string; asked_at: string | Date }>(
    await db.execute(sql`
      select m.order_id, min(m.created_at) as asked_at
        from outbox m
        join orders o on o.id = m.order_id
       where m.kind = 'personalisation-needed'
         and m.order_id is not null
         and m.created_at <= ${now.toISOString()}::timestamptz - interval '24 hours'
         and o.status = any(${OPEN}::text[])
         and exists (
           select 1 from order_lines l
            where l.order_id = o.id and l.customization is not null
              and not exists (select 1 from order_line_customisations c where c.line_id = l.id))
       group by m.order_id
       limit ${limit}`),
  );
}

/** One pass: writes the reminders that are due; answers how many messages it wrote. */
export async function remindPersonalisation(db: Database, now: Date = new Date(), limit = 500): Promise<number> {
  let written = 0;
  for (const row of await waiting(db, now, limit)) {
    const hours = (now.getTime() - new Date(row.asked_at).getTime()) / 3_600_000;
    // Only the latest stage due: an order first seen at 80 hours gets the 72-hour reminder, not both.
    const due = REMINDER_STAGES.find((stage) => hours >= stage.hours);
    if (!due) continue;
    const result = await enqueueOrderEvent(db, 'personalisation-reminder', row.order_id, { stage: due.stage });
    written += result.written;
  }
  return written;
}
