import { type Database, orderLines, orders, orderStatusHistory, outbox } from '@shop/db';
import { OPEN_ORDER_STATUSES } from '@shop/domain/order-statuses';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import { outboxColumns, type outboxRow } from '../outbox/enqueue.ts';
import type { Tx } from './coupons.ts';
import type { PricedLine } from './price-lines.ts';
import { executeNamed } from './named-statement.ts';
import { takeStockCtes } from './stock.ts';

/**
 * Places an order in ONE statement: the stock of every line (conditional updates, in lock order, see stock.ts), then
 * the order, its lines, its first status and its messages (the confirmation, rendered by the caller before this
 * statement from what the order's read found, decision 126), all joined by WITH. Placing an order is the
 * shop's busiest write and each round trip to the database costs more than the work it carries, so ids and times are
 * made here rather than read back, and the caller builds the answer from the same values.
 *
 * A statement is atomic on its own: without a coupon or an Idempotency-Key it needs no BEGIN/COMMIT at all (with them,
 * place-order.ts runs it inside a transaction with those rows). When a line is short of stock the order and everything
 * after it insert nothing, and the final division by the number of orders written (zero) makes PostgreSQL undo the
 * whole statement, including the rows already taken for earlier lines; `isShortOfStock` recognises that error.
 * (The foreign keys from lines and history to the order are checked at the end of the statement, when it exists.)
 *
 * The abuse limits (issue 19) are checked by the same statement, before it takes any stock: the customer's orders in
 * the last minute and hour, and their open cash-on-delivery orders, counted by `order_limit_counts` (migration 0010,
 * decision 050). That function first takes the customer's order lock (held until this statement's transaction
 * commits), then counts with a fresh snapshot, so it sees every earlier order of this customer and none is in flight:
 * the counts are exact under concurrency and across API processes. Over a limit, nothing is written and the answer
 * carries the counts (`placed` false) for the caller's refusal.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type StatusRow = typeof orderStatusHistory.$inferSelect;
type OutboxRow = ReturnType<typeof outboxRow>;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** SQLSTATE 22012, division by zero: only the guard below can raise it in this statement. */
export function isShortOfStock(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '22012') return true;
  }
  return false;
}

/** The limits this order must stay within (orders/limits.ts settings); `openCod` null for an order not paid on delivery. */
export interface OrderGuard {
  perMinute: number;
  perHour: number;
  openCod: number | null;
}

/** The customer's orders as the limits count them, before this one; `…Since` is the oldest in each window (ISO). */
export interface OrderCounts {
  lastMinute: number;
  lastHour: number;
  openCod: number;
  minuteSince: string | null;
  hourSince: string | null;
}

export type WriteResult = { placed: true; wentOut: boolean } | { placed: false; counts: OrderCounts };

/** The open statuses as an array literal (constants of the domain, not input), for order_limit_counts. */
export const OPEN = sql.raw(`'{${OPEN_ORDER_STATUSES.join(',')}}'`);

export async function writeOrder(
  tx: Database | Tx,
  order: OrderRow,
  lines: OrderLineRow[],
  stockLines: PricedLine[],
  first: StatusRow,
  message: OutboxRow | OutboxRow[] | null,
  guard: OrderGuard,
): Promise<WriteResult> {
  const now = sql`${order.createdAt.toISOString()}::timestamptz`;
  const allowed = sql`(select allowed from limits_ok)`;
  const stock = takeStockCtes(stockLines, allowed);
  const lineValues = sql.join(
    lines.map(
      (line) =>
        sql`(${line.id}::uuid, ${order.id}::uuid, ${line.position}::int, ${line.productId}::uuid, ${line.variantId}::uuid, ${line.name}::text, ${line.slug}::text,
          ${json(line.image)}::jsonb, ${json(line.attributes)}::jsonb, ${line.sku}::text, ${line.price}::int, ${line.mrp}::int, ${line.quantity}::int, ${line.cod}::boolean,
          ${json(line.customization)}::jsonb)`,
    ),
    sql`, `,
  );
  // The messages go in as one jsonb array, so the statement's text (and its prepared plan) is the same however many
  // there are (none, for a prepaid order); each row is inserted only if the order was.
  const messages = message === null ? [] : Array.isArray(message) ? message : [message];
  const messageRows = json(messages.map(outboxColumns));
  const [result] = rowsOf<{ placed: number | null; lowest: number | null; counts: OrderCounts }>(
    await executeNamed(
      tx,
      'order-write',
      sql`
    with limits as (
      select * from order_limit_counts(${order.userId}::uuid, ${now} - interval '1 minute', ${now} - interval '1 hour', ${OPEN}::text[])
    ), limits_ok as (
      select "lastMinute" < ${guard.perMinute}::int and "lastHour" < ${guard.perHour}::int
        and (${guard.openCod}::int is null or "openCod" < ${guard.openCod}::int) as allowed
      from limits
    ), ${stock.ctes}, new_order as (
      insert into ${orders} (id, created_at, updated_at, number, user_id, status, payment_method, coupon_id, coupon_code,
        total, total_mrp, discount, shipping, grand_total, total_items, address, tracking, payment_status, payment_provider, reservation_expires_at,
        cod_fee, prepaid_discount, cod_confirmation, cod_confirm_secret, cod_confirm_by, gift, gift_wrap_fee, proof_required)
      select ${order.id}::uuid, ${order.createdAt.toISOString()}::timestamptz, ${order.updatedAt.toISOString()}::timestamptz, ${order.number}::text,
        ${order.userId}::uuid, ${order.status}::text, ${order.paymentMethod}::text, ${order.couponId}::uuid, ${order.couponCode}::text,
        ${order.total}::int, ${order.totalMrp}::int, ${order.discount}::int, ${order.shipping}::int, ${order.grandTotal}::int, ${order.totalItems}::int,
        ${json(order.address)}::jsonb, ${json(order.tracking)}::jsonb, ${order.paymentStatus}::text, ${order.paymentProvider}::text,
        ${order.reservationExpiresAt?.toISOString() ?? null}::timestamptz,
        ${order.codFee}::int, ${order.prepaidDiscount}::int, ${order.codConfirmation}::text, ${order.codConfirmSecret}::text,
        ${order.codConfirmBy?.toISOString() ?? null}::timestamptz, ${json(order.gift)}::jsonb, ${order.giftWrapFee}::int, ${order.proofRequired}::boolean
      where (select count(*) from ${stock.last}) = 1
      returning id
    ), new_lines as (
      insert into ${orderLines} (id, order_id, position, product_id, variant_id, name, slug, image, attributes, sku, price, mrp,
        quantity, cod, customization)
      select line.* from (values ${lineValues}) as line, new_order
    ), new_status as (
      insert into ${orderStatusHistory} (id, order_id, status, actor, actor_user_id, note, at)
      select ${first.id}::uuid, new_order.id, ${first.status}::text, ${first.actor}::text, ${first.actorUserId}::uuid, ${first.note}::text,
        ${first.at.toISOString()}::timestamptz
      from new_order
    ), new_messages as (
      insert into ${outbox} (channel, recipient, kind, subject, body_text, body_html, order_id, dedupe_key, extras)
      select m.channel, m.recipient, m.kind, m.subject, m.body_text, m.body_html, m.order_id, m.dedupe_key, m.extras
      from jsonb_to_recordset(${messageRows}::jsonb)
        as m(channel text, recipient text, kind text, subject text, body_text text, body_html text, order_id uuid, dedupe_key text, extras jsonb),
        new_order
      on conflict (dedupe_key) do nothing
    )
    select case when ${allowed} then 1 / (select count(*) from new_order)::int end as placed, ${stock.lowest} as lowest,
      (select row_to_json(limits) from limits) as counts`,
      // Carts of up to 4 lines (most of them) get a prepared statement; larger ones would make too many shapes.
      lines.length <= 4,
    ),
  );
  if (!result) throw new Error('order write returned no row');
  if (result.placed === null) return { placed: false, counts: result.counts };
  return { placed: true, wentOut: result.lowest === 0 };
}
