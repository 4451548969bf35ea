import { type Database, orders, orderStatusHistory, outbox, shipmentEvents, shipments } from '@shop/db';
import { orderStatuses, type OrderStatus } from '@shop/domain/order-statuses';
import { shipmentStatuses, type ShipmentStatus, type TrackingEventKind } from '@shop/domain/shipping/statuses';
import { applyTrackingEvent, orderStepsFor, rtoOrderOutcome } from '@shop/domain/shipping/tracking';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import { type EventRow, eventQuery } from '../messages/order-events.ts';
import { fixedStatement } from '../orders/named-statement.ts';
import type { OutboxColumns } from '../outbox/enqueue.ts';
import type { CarrierEvent } from './provider.ts';

/**
 * A carrier's tracking event applied in ONE statement, outside any transaction (decision 124, after decision 082's
 * payments webhook): the order's then the shipment's row lock (`FOR NO KEY UPDATE`, the order first as every shipping
 * change takes them), the event stored by its key WITH its outcome, the shipment moved, and, when the caller planned
 * them, the order's steps, their history, the invoice due and the messages, all joined by WITH. A statement is atomic
 * on its own and its locks are held until it ends, so it needs no BEGIN/COMMIT.
 *
 * The rules stay in packages/domain: the shipment's are passed in as a table over every shipment status (what
 * `applyTrackingEvent` answers for a newer and for a not-newer event of this kind), and the order's (`orderStepsFor`,
 * `rtoOrderOutcome`) are decided by the caller from the locked state this statement answers. So:
 * - without a plan, the statement applies the event only if it takes the order nowhere (a scan in transit, a stale or
 *   ignored event, a duplicate, an unknown AWB: most events); otherwise it writes nothing and answers the state and
 *   what the messages are made from (`eventQuery`), read without a lock when its snapshot already shows the order
 *   moving (a statement that locks commits a transaction, with a WAL flush; the plan's guard re-checks under the lock);
 * - with a plan made from that state (the steps, the tracking, the rendered messages), it applies the event only if
 *   the locked state is still the one planned from (another event of the same parcel may have moved it meanwhile);
 *   otherwise it writes nothing and answers the new state to plan from again.
 *
 * A redelivery already stored when the statement starts is answered `duplicate` before any lock; copies arriving at
 * once queue on the order's lock, and all but the first meet the unique event key (`on conflict do nothing`), so
 * nothing else in the statement moves (every write waits for the event's row).
 */

/** The state an event is decided on: under the row locks, or as the snapshot had it when it answers without them. */
export interface LockedState {
  orderId: string;
  orderStatus: OrderStatus;
  paymentMethod: 'cod' | 'prepaid';
  shipmentStatus: ShipmentStatus;
  /** The shipment's newest applied carrier time in epoch milliseconds (compared as such in the guard). */
  lastEventMs: number | null;
  courierName: string | null;
  awb: string | null;
}

/** What the caller decided from a LockedState: the order's steps (with what they bring) and the messages to write. */
export interface OrderPlan {
  expected: LockedState;
  steps: OrderStatus[];
  tracking: { carrier: string; number: string; link: string | null } | null;
  /** Outbox rows with their columns' names (outboxRow's, as `jsonb_to_recordset` reads them). */
  messages: OutboxColumns[];
}

export type StatementAnswer =
  | { done: true; outcome: 'applied' | 'stale' | 'ignored' | 'duplicate' | 'unknown_awb'; orderId: string | null; messagesWritten: number; shipped: boolean }
  | { done: false; state: LockedState; inputs: EventRow | null };

/** The shipment's rules for events of one kind, tabulated by the domain's own function: status → [newer, not newer]. */
const rulesByKind = new Map<TrackingEventKind | null, string>();
function shipmentRules(kind: TrackingEventKind | null): string {
  let rules = rulesByKind.get(kind);
  if (rules === undefined) {
    const at = new Date(0);
    const table = Object.fromEntries(
      shipmentStatuses.map((status) => [
        status,
        [applyTrackingEvent({ status, lastEventAt: null }, { kind, at }).outcome, applyTrackingEvent({ status, lastEventAt: at }, { kind, at }).outcome],
      ]),
    );
    rules = JSON.stringify(table);
    rulesByKind.set(kind, rules);
  }
  return rules;
}

/** Order statuses from which an applied event of this kind moves the order (a step, or a parcel back at the shop). */
const actsByKind = new Map<TrackingEventKind | null, string>();
function orderActs(kind: TrackingEventKind | null): string {
  let acts = actsByKind.get(kind);
  if (acts === undefined) {
    const moving = kind
      ? orderStatuses.filter(
          (status) =>
            orderStepsFor(kind, status).length > 0 ||
            (kind === 'rto_delivered' && (['cod', 'prepaid'] as const).some((method) => rtoOrderOutcome(method, status) !== null)),
        )
      : [];
    acts = JSON.stringify(moving);
    actsByKind.set(kind, acts);
  }
  return acts;
}

/** The messages' inputs cover both steps a tracking event can message about (shipped, delivered). */
const MESSAGE_EVENTS = ['order-shipped', 'order-delivered'] as const;

interface AnswerRow {
  outcome: 'applied' | 'stale' | 'ignored' | 'duplicate' | 'unknown_awb';
  go: boolean;
  stored: boolean;
  order_id: string | null;
  order_status: OrderStatus | null;
  payment_method: 'cod' | 'prepaid' | null;
  ship_status: ShipmentStatus | null;
  last_event_ms: number | string | null;
  courier_name: string | null;
  awb: string | null;
  stepped: boolean;
  messages: number | string;
  inputs: EventRow | string | null;
}

const p = (name: string) => sql.placeholder(name);

/** The statement (see the file's comment), built and named once per database handle. */
const statement = fixedStatement(
  'tracking-event',
  sql`
      with target as (
        select id, order_id from ${shipments} where provider = ${p('provider')} and awb = ${p('awb')}
      ), seen as (
        select 1 from ${shipmentEvents} where provider = ${p('provider')} and event_key = ${p('eventKey')}
      ), peek as materialized (
        select o.id as order_id, o.status as order_status, o.payment_method, s.id as ship_id, s.status as ship_status,
               s.last_event_at, s.courier_name, s.awb
          from target t join ${orders} o on o.id = t.order_id join ${shipments} s on s.id = t.id
         where not exists (select 1 from seen)
      ), bail as materialized (
        -- Without a plan, an event that moves the order (in the snapshot of this statement) is answered without a
        -- lock: a statement that locks rows commits a transaction of its own, with its WAL flush.
        select not ${p('planned')}::boolean and exists (
                 select 1 from peek k
                  where ${p('rules')}::jsonb -> k.ship_status
                          ->> (case when k.last_event_at is null or k.last_event_at < ${p('at')}::timestamptz then 0 else 1 end) = 'applied'
                    and k.order_status in (select jsonb_array_elements_text(${p('acts')}::jsonb))) as yes
      ), ord as materialized (
        select id, status, payment_method from ${orders}
         where id = (select order_id from target) and not exists (select 1 from seen) and not (select yes from bail)
         for no key update
      ), ship as materialized (
        select id, status, last_event_at, courier_name, awb from ${shipments}
         where id = (select id from target) and exists (select 1 from ord)
         for no key update
      ), found_state as (
        select s.id as ship_id, o.id as order_id, o.status as order_status, o.payment_method, s.status as ship_status,
               s.last_event_at, s.courier_name, s.awb
          from ord o join ship s on true
        union all
        select ship_id, order_id, order_status, payment_method, ship_status, last_event_at, courier_name, awb
          from peek where (select yes from bail)
      ), decided as (
        select c.ship_id, coalesce(c.order_id, (select order_id from target)) as order_id, c.order_status, c.payment_method, c.ship_status,
               c.last_event_at, c.courier_name, c.awb,
               case when exists (select 1 from seen) then 'duplicate'
                    when c.ship_id is null then 'unknown_awb'
                    else ${p('rules')}::jsonb -> c.ship_status
                         ->> (case when c.last_event_at is null or c.last_event_at < ${p('at')}::timestamptz then 0 else 1 end) end as outcome
          from (select 1) as one left join found_state c on true
      ), go as (
        select d.*,
               case when d.outcome = 'duplicate' then false
                    when d.ship_id is null then true
                    when (select yes from bail) then false
                    when ${p('planned')}::boolean then d.order_status = ${p('expectedOrderStatus')}::text
                         and d.ship_status = ${p('expectedShipmentStatus')}::text
                         and (extract(epoch from d.last_event_at) * 1000)::float8 is not distinct from ${p('expectedLastEventMs')}::float8
                         and d.courier_name is not distinct from ${p('expectedCourierName')}::text
                    else d.outcome <> 'applied'
                         or not (d.order_status in (select jsonb_array_elements_text(${p('acts')}::jsonb))) end as go
          from decided d
      ), stored as (
        insert into ${shipmentEvents} (provider, event_key, shipment_id, awb, kind, carrier_status, carrier_status_id, at, location, activity, payload, outcome)
        select ${p('provider')}, ${p('eventKey')}, g.ship_id, ${p('awb')}, ${p('kind')}::text, ${p('carrierStatus')}, ${p('carrierStatusId')}::int,
               ${p('at')}::timestamptz, ${p('location')}::text, ${p('activity')}::text, ${p('payload')}::jsonb, g.outcome
          from go g where g.go
        on conflict (provider, event_key) do nothing
        returning id
      ), moved as (
        update ${shipments} s set
          status = case when g.outcome = 'applied' then ${p('kind')}::text else s.status end,
          last_event_at = case when g.outcome = 'applied' then greatest(s.last_event_at, ${p('at')}::timestamptz) else s.last_event_at end,
          carrier_edd = coalesce(nullif(${p('edd')}::text, ''), s.carrier_edd),
          courier_name = case when coalesce(s.courier_name, '') = '' then coalesce(${p('courierName')}::text, s.courier_name) else s.courier_name end,
          updated_at = now()
          from go g
         where s.id = g.ship_id and exists (select 1 from stored)
           and (g.outcome = 'applied'
                or s.carrier_edd is distinct from coalesce(nullif(${p('edd')}::text, ''), s.carrier_edd)
                or (coalesce(s.courier_name, '') = '' and ${p('courierName')}::text is not null))
        returning s.id
      ), stepped as (
        update ${orders} o set
          status = ${p('finalStatus')}::text,
          tracking = coalesce(${p('tracking')}::jsonb, o.tracking),
          invoice_due_at = case when ${p('shipped')}::boolean then coalesce(o.invoice_due_at, now()) else o.invoice_due_at end,
          updated_at = now()
          from go g
         where o.id = g.order_id and ${p('finalStatus')}::text is not null and exists (select 1 from stored)
        returning o.id
      ), history as (
        insert into ${orderStatusHistory} (order_id, status, actor, actor_user_id, note)
        select g.order_id, step.status, 'shop', null, ${p('note')}
          from go g, jsonb_array_elements_text(${p('steps')}::jsonb) with ordinality as step(status, n)
         where exists (select 1 from stepped)
         order by step.n
      ), messages as (
        insert into ${outbox} (channel, recipient, kind, subject, body_text, body_html, order_id, dedupe_key, extras)
        select m.channel, m.recipient, m.kind, m.subject, m.body_text, m.body_html, m.order_id, m.dedupe_key, m.extras
          from jsonb_to_recordset(${p('messages')}::jsonb)
            as m(channel text, recipient text, kind text, subject text, body_text text, body_html text, order_id uuid, dedupe_key text, extras jsonb)
         where exists (select 1 from stepped)
        on conflict (dedupe_key) do nothing
        returning id
      )
      select g.outcome, g.go, exists (select 1 from stored) as stored, g.order_id, g.order_status, g.payment_method, g.ship_status,
             (extract(epoch from g.last_event_at) * 1000)::float8 as last_event_ms, g.courier_name, g.awb,
             exists (select 1 from stepped) as stepped, (select count(*) from messages)::int as messages,
             case when not g.go and g.outcome = 'applied'
                  then (select to_json(m) from (${eventQuery([...MESSAGE_EVENTS], sql`g.order_id`)}) m) end as inputs
        from go g`,
);

export async function applyInOneStatement(
  db: Database,
  provider: string,
  event: CarrierEvent,
  payloadJson: string,
  plan: OrderPlan | null,
): Promise<StatementAnswer> {
  const expected = plan?.expected ?? null;
  const [row] = rowsOf<AnswerRow>(
    await statement(db, {
      provider,
      awb: event.awb,
      eventKey: event.eventKey,
      kind: event.kind,
      carrierStatus: event.carrierStatus,
      carrierStatusId: event.carrierStatusId,
      at: event.at.toISOString(),
      location: event.location,
      activity: event.activity,
      payload: payloadJson,
      edd: event.edd,
      courierName: event.courierName,
      rules: shipmentRules(event.kind),
      acts: orderActs(event.kind),
      planned: expected !== null,
      expectedOrderStatus: expected?.orderStatus ?? null,
      expectedShipmentStatus: expected?.shipmentStatus ?? null,
      expectedLastEventMs: expected?.lastEventMs ?? null,
      expectedCourierName: expected?.courierName ?? null,
      finalStatus: plan?.steps.at(-1) ?? null,
      tracking: plan?.tracking ? JSON.stringify(plan.tracking) : null,
      shipped: plan?.steps.includes('shipped') ?? false,
      note: `Carrier: ${event.carrierStatus}${event.location ? `, ${event.location}` : ''}`,
      steps: JSON.stringify(plan?.steps ?? []),
      messages: JSON.stringify(plan?.messages ?? []),
    }),
  );
  if (!row) throw new Error('tracking event: the statement answered no row');
  if (row.go || row.outcome === 'duplicate') {
    // Not stored although it went: a copy of the same event stored it meanwhile (the unique key).
    const outcome = row.stored ? row.outcome : 'duplicate';
    return {
      done: true,
      outcome,
      orderId: row.order_id,
      messagesWritten: Number(row.messages),
      shipped: row.stepped && (plan?.steps.includes('shipped') ?? false),
    };
  }
  return {
    done: false,
    state: {
      orderId: row.order_id!,
      orderStatus: row.order_status!,
      paymentMethod: row.payment_method!,
      shipmentStatus: row.ship_status!,
      lastEventMs: row.last_event_ms === null ? null : Number(row.last_event_ms),
      courierName: row.courier_name,
      awb: row.awb,
    },
    inputs: typeof row.inputs === 'string' ? (JSON.parse(row.inputs) as EventRow) : row.inputs,
  };
}
