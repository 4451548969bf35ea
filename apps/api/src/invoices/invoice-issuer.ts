import { type Database, invoiceCounters, invoices, orders } from '@shop/db';
import { financialYearOf } from '@shop/domain/gst/numbering';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import { wakeableLoop } from '../lib/wakeable-loop.ts';
import type { Tx } from '../orders/coupons.ts';
import { executeNamed } from '../orders/named-statement.ts';
import { invoiceInputColumns, type InvoiceInputs, issueInvoice, type PreparedInvoice, prepareInvoice } from './issue-invoice.ts';

/**
 * The batch invoice issuer (decision 109). A change that makes an order invoiceable in a webhook (a payment, a COD
 * order shipped by its carrier) sets `orders.invoice_due_at` in its own UPDATE instead of issuing the invoice in its
 * transaction; this issuer numbers the due orders, several per transaction:
 *
 * 1. `select … for no key update skip locked` takes up to `batchSize` due orders, oldest first, with their invoice
 *    inputs (the partial index `orders_invoice_due_idx` finds them). Two issuers (two API processes) never take the
 *    same order; a change that holds an order's lock (a cancellation crediting it) is skipped and comes back later.
 * 2. The invoices are computed in the process (packages/domain's GST rules, as issueInvoice does).
 * 3. ONE statement adds the batch's count to the year's counter row (decision 070's counter: locked to the commit, a
 *    rollback takes the whole increment back, so the series stays gapless), writes the invoices numbered in order
 *    from it, and clears the markers of every order taken (those already invoiced, or issued none because the shop
 *    has no tax identity, too).
 *
 * Crash-safe by construction: the marker is cleared only by the commit that writes the invoice, so a process that dies
 * mid-batch leaves the orders due, and the next pass (any process, after a restart) issues them.
 * A batch that fails (a bug: an order whose totals do not add up) is rolled back whole and its orders are issued one
 * per transaction; the one that fails again is put back a minute (logged), the others go through.
 */

export interface IssuerLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface IssuePass {
  /** Orders taken (due orders found and not locked by another issuer). */
  taken: number;
  /** Invoices written. */
  issued: number;
  /** Orders whose invoice failed and were put back. */
  failed: number;
}

type DueRow = InvoiceInputs & { id: string };

/** How long an order whose invoice could not be issued waits before the next try. */
const RETRY_AFTER = '1 minute';

/** The orders whose invoice is due now, oldest first (one put back for a minute after failing is not, yet). */
async function dueOrderIds(db: Database, limit: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from ${orders} where invoice_due_at is not null and invoice_due_at <= now() order by invoice_due_at limit ${limit}`),
  );
  return rows.map((row) => row.id);
}

/** One pass over up to `batchSize` due orders; answers what it did. */
export async function issueDueInvoices(db: Database, options: { batchSize: number; log?: IssuerLog; at?: Date }): Promise<IssuePass> {
  const at = options.at ?? new Date();
  try {
    return await db.transaction((tx) => issueBatch(tx, options.batchSize, at));
  } catch (error) {
    options.log?.warn({ err: error }, 'invoices: a batch failed, issuing its orders one by one');
  }
  // One by one: each due order in its own transaction, so one bad order does not hold back the others.
  const pass: IssuePass = { taken: 0, issued: 0, failed: 0 };
  for (const id of await dueOrderIds(db, options.batchSize)) {
    try {
      const one = await db.transaction((tx) => issueBatch(tx, 1, at, id));
      pass.taken += one.taken;
      pass.issued += one.issued;
    } catch (error) {
      pass.failed += 1;
      options.log?.error({ err: error, orderId: id }, 'invoices: could not issue an invoice, will retry');
      await db.execute(sql`update ${orders} set invoice_due_at = now() + ${RETRY_AFTER}::interval where id = ${id}::uuid and invoice_due_at is not null`);
    }
  }
  return pass;
}

async function issueBatch(tx: Tx, batchSize: number, at: Date, onlyOrder?: string): Promise<IssuePass> {
  const due = rowsOf<DueRow>(
    await executeNamed(
      tx,
      onlyOrder ? 'invoice-due-one' : 'invoice-due-batch',
      sql`select o.id, ${invoiceInputColumns} from ${orders} o
           where o.invoice_due_at is not null and o.invoice_due_at <= now() ${onlyOrder ? sql`and o.id = ${onlyOrder}::uuid` : sql``}
           order by o.invoice_due_at
           limit ${batchSize}
           for no key update of o skip locked`,
    ),
  );
  if (due.length === 0) return { taken: 0, issued: 0, failed: 0 };
  const prepared = due
    .filter((order) => !order.existing)
    .map((order) => prepareInvoice(order.id, order, at))
    .filter((invoice): invoice is PreparedInvoice => invoice !== null);
  const ids = JSON.stringify(due.map((order) => order.id));
  if (prepared.length === 0) {
    await executeNamed(
      tx,
      'invoice-due-clear',
      sql`update ${orders} set invoice_due_at = null where id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))`,
    );
    return { taken: due.length, issued: 0, failed: 0 };
  }
  // One identity read for the whole batch (the same settings row), so one prefix and one year.
  const { numberPrefix } = prepared[0]!;
  const year = financialYearOf(at).label;
  const count = prepared.length;
  const docs = JSON.stringify(
    prepared.map(({ values }) => ({
      orderId: values.orderId,
      orderNumber: values.orderNumber,
      supplier: values.supplier,
      recipient: values.recipient,
      placeOfSupply: values.placeOfSupply,
      supplyType: values.supplyType,
      lines: values.lines,
      amount: values.amount,
      taxable: values.taxable,
      cgst: values.cgst,
      sgst: values.sgst,
      igst: values.igst,
    })),
  );
  const [written] = rowsOf<{ issued: number }>(
    await executeNamed(
      tx,
      'invoice-issue-batch',
      sql`
      with counter as (
        insert into ${invoiceCounters} as c (series, financial_year, last_number) values ('invoice', ${year}, ${count}::int)
        on conflict (series, financial_year) do update set last_number = c.last_number + ${count}::int
         where length(${numberPrefix}::text) + greatest(5, length((c.last_number + ${count}::int)::text)) <= 16
        returning last_number
      ), numbered as (
        select e.doc, c.last_number - ${count}::int + e.ord::int as seq
          from jsonb_array_elements(${docs}::jsonb) with ordinality as e(doc, ord) cross join counter c
      ), inserted as (
        insert into ${invoices} (kind, number, financial_year, sequence, order_id, order_number, issued_at, supplier, recipient,
                                 place_of_supply, supply_type, lines, amount, taxable, cgst, sgst, igst)
        select 'invoice', ${numberPrefix}::text || lpad(seq::text, greatest(5, length(seq::text)), '0'), ${year}, seq,
               (doc->>'orderId')::uuid, doc->>'orderNumber', ${at.toISOString()}::timestamptz, doc->'supplier', doc->'recipient',
               doc->>'placeOfSupply', doc->>'supplyType', doc->'lines', (doc->>'amount')::int, (doc->>'taxable')::int,
               (doc->>'cgst')::int, (doc->>'sgst')::int, (doc->>'igst')::int
          from numbered
        returning id
      ), cleared as (
        update ${orders} set invoice_due_at = null
         where id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb)) and exists (select 1 from counter)
      )
      select count(*)::int as issued from inserted`,
    ),
  );
  // The counter refused (numbers longer than GST's 16 characters): nothing was written; the batch rolls back.
  if (Number(written?.issued ?? 0) !== count)
    throw new Error(`invoice numbers of ${year} with the prefix ${numberPrefix} would be longer than GST's 16 characters`);
  return { taken: due.length, issued: count, failed: 0 };
}

/**
 * An order's due invoice issued now, in the caller's transaction (which holds the order's row lock): for the changes
 * that need the invoice to exist at once, a credit note against it (a paid order cancelled or refunded before the
 * issuer came by), or the browser's verified checkout. Answers null when nothing was due.
 */
export async function issueDueInvoiceNow(tx: Tx, orderId: string, at: Date = new Date()) {
  const [due] = rowsOf<{ due: boolean }>(
    await executeNamed(tx, 'invoice-due-check', sql`select invoice_due_at is not null as due from ${orders} where id = ${orderId}::uuid`),
  );
  if (!due?.due) return null;
  const invoice = await issueInvoice(tx, orderId, at);
  // Already invoiced, or no tax identity: nothing more is due either way.
  await executeNamed(tx, 'invoice-due-clear-one', sql`update ${orders} set invoice_due_at = null where id = ${orderId}::uuid and invoice_due_at is not null`);
  return invoice;
}

export interface InvoiceIssuer {
  /** Starts polling (idempotent). */
  start(): void;
  /** Looks for due invoices now (after a change in this process made one due) instead of at the next poll. */
  wake(): void;
  /** Runs passes until nothing is due, whoever issues it (tests; the loop's pass in hand is waited for). */
  drain(): Promise<void>;
  /** Stops polling and waits for the pass in hand. */
  stop(): Promise<void>;
}

export interface InvoiceIssuerOptions {
  db: Database;
  log: IssuerLog;
  /** Due orders per transaction. */
  batchSize?: number;
  /** How often to look for due invoices when not woken (ms): after a crash, or another process's wake. */
  pollMs?: number;
  /** Called after a pass that wrote invoices (the outbox's shipped mails wait for theirs). */
  onIssued?: () => void;
}

/** How long drain waits for a due order another transaction holds. */
const DRAIN_AT_MOST_MS = 30_000;

/** The issuer's loop (lib/wakeable-loop.ts, as the outbox worker's): woken after a commit that made an invoice due. */
export function createInvoiceIssuer(options: InvoiceIssuerOptions): InvoiceIssuer {
  const batchSize = options.batchSize ?? 50;

  async function pass(): Promise<IssuePass> {
    const done = await issueDueInvoices(options.db, { batchSize, log: options.log });
    if (done.issued > 0) options.onIssued?.();
    return done;
  }

  const loop = wakeableLoop({
    pollMs: options.pollMs ?? 1_000,
    // A full batch leaves more due at once; one that failed an order waits for the poll (the order was put back).
    pass: async () => {
      const done = await pass();
      return done.taken === batchSize && done.failed === 0;
    },
    log: options.log,
    failure: 'invoices: issuer pass failed',
  });

  return {
    start: loop.start,
    wake: loop.wake,
    async drain() {
      // The loop's own pass may hold a due order (skip locked hides it from this pass) and commit after it: so this
      // runs until no order is due at all, waiting for the loop's pass in hand each time, not until a pass took none.
      const giveUpAt = Date.now() + DRAIN_AT_MOST_MS;
      for (;;) {
        await loop.settled();
        if ((await pass()).taken > 0) continue;
        const due = await dueOrderIds(options.db, 5);
        if (due.length === 0) return;
        // Held by a transaction that does not end (another process, a test's own open transaction): say which.
        if (Date.now() > giveUpAt) throw new Error(`invoices: orders ${due.join(', ')} stayed due and locked for ${DRAIN_AT_MOST_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    stop: loop.stop,
  };
}
