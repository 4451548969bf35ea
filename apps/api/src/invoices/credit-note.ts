import { type Database, invoices, orderLines, type StoredInvoiceLine } from '@shop/db';
import { type CreditableLine, computeCreditNote, type CreditNoteLine, remainingToCredit } from '@shop/domain/gst/credit-note';
import { documentNumber, financialYearOf } from '@shop/domain/gst/numbering';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';
import { liveRefunds, refundedQuantities } from '../payments/refund-ledger.ts';
import { nextSequence } from './counter.ts';
import { issueDueInvoiceNow } from './invoice-issuer.ts';
import type { InvoiceRow } from './issue-invoice.ts';
import { loadTaxIdentity } from './tax-identity.ts';

type Writer = Database | Tx;

/**
 * Credits an invoiced order up to `creditedTotal` paise in all (issue 21): a credit note of its own series for the
 * difference between that and what earlier credit notes already gave back, never more than the invoice. Callers
 * say how much should be credited by now rather than how much to add, so the same event applied twice, or a
 * cancellation followed by the refund it causes, credits once:
 *   cancelled (before or after payment)            → the whole invoice
 *   refunded by the shop (status refunded)          → the whole invoice
 *   a provider's refund report (cumulative amount)  → that amount (a partial refund gives a partial credit note)
 * The invoice row is locked, so two events for one order never credit the same paisa twice. An order without an
 * invoice gets nothing (nothing was invoiced, nothing to reverse). A partial credit goes first to the lines of the
 * items refunded by lines (refundTargets, decision 143), so it carries their GST rates, not a slice of every line's.
 */
export async function creditInvoice(
  db: Writer,
  orderId: string,
  creditedTotal: number | 'all',
  reason: 'cancelled' | 'refunded',
  at: Date = new Date(),
): Promise<InvoiceRow | null> {
  return db.transaction(async (tx) => {
    const invoiceOf = () =>
      tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
        .for('update');
    let [invoice] = await invoiceOf();
    // Paid, its invoice due but not yet issued by the batch issuer (decision 109): issued now, so it is credited.
    if (!invoice && (await issueDueInvoiceNow(tx, orderId, at))) [invoice] = await invoiceOf();
    if (!invoice) return null;
    // `at` is taken before the invoice's lock is waited for; the batch issuer may have dated the invoice after it. A
    // credit note is never dated before the invoice it reverses (GST: it follows the invoice), so it takes the later.
    const issuedAt = at < invoice.issuedAt ? invoice.issuedAt : at;
    const earlier = await tx
      .select({ amount: invoices.amount, lines: invoices.lines })
      .from(invoices)
      .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, 'credit_note')))
      .orderBy(asc(invoices.issuedAt));
    const credited = earlier.reduce((sum, note) => sum + note.amount, 0);
    const target = creditedTotal === 'all' ? invoice.amount : Math.min(creditedTotal, invoice.amount);
    const amount = target - credited;
    if (amount <= 0) return null;

    const remaining = remainingToCredit(
      invoice.lines,
      earlier.map((note) => note.lines as CreditNoteLine[]),
    );
    const targets = creditedTotal === 'all' ? undefined : await refundTargets(tx, orderId, invoice.lines, remaining);
    const computed = computeCreditNote(remaining, invoice.supplyType, amount, targets);
    const byPosition = new Map(invoice.lines.map((line) => [line.position, line]));
    const lines: StoredInvoiceLine[] = computed.lines.map((line) => {
      const original = byPosition.get(line.position)!;
      return { ...original, ...line, gross: line.amount, discount: 0 };
    });
    // The credit note's own series uses the prefix in force now; the invoice it reverses keeps its own number.
    const prefix = (await loadTaxIdentity(tx))?.invoicePrefix ?? invoice.number.split('/')[0]!;
    const year = financialYearOf(issuedAt);
    const sequence = await nextSequence(tx, 'credit_note', year.label);
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'credit_note',
        number: documentNumber(prefix, 'credit_note', issuedAt, sequence),
        financialYear: year.label,
        sequence,
        orderId,
        orderNumber: invoice.orderNumber,
        invoiceId: invoice.id,
        reason,
        issuedAt,
        supplier: invoice.supplier,
        recipient: invoice.recipient,
        placeOfSupply: invoice.placeOfSupply,
        supplyType: invoice.supplyType,
        lines,
        amount: computed.amount,
        taxable: computed.taxable,
        cgst: computed.cgst,
        sgst: computed.sgst,
        igst: computed.igst,
      })
      .returning();
    return row ?? null;
  });
}

/**
 * Per invoice line, what the order's refunds by lines (given or under way) gave back for its items and no credit note
 * has credited yet: a partial credit note's aim (decision 143). The invoice's item lines are the order's lines in their
 * order (issue-invoice.ts), so an item line's position is its order line's index; a line's share is its invoiced
 * amount times the units refunded over the units sold. Undefined when no refund named items (a refund by amount).
 */
async function refundTargets(
  tx: Tx,
  orderId: string,
  invoiceLines: readonly StoredInvoiceLine[],
  remaining: readonly CreditableLine[],
): Promise<number[] | undefined> {
  const byLines = (await liveRefunds(tx, orderId)).filter((refund) => refund.kind === 'lines');
  if (byLines.length === 0) return undefined;
  const sold = await tx
    .select({ id: orderLines.id, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const taken = refundedQuantities(byLines);
  return invoiceLines.map((line, index) => {
    const soldLine = line.kind === 'item' ? sold[line.position] : undefined;
    if (!soldLine || soldLine.quantity <= 0) return 0;
    const refunded = Math.round((line.amount * Math.min(taken.get(soldLine.id) ?? 0, soldLine.quantity)) / soldLine.quantity);
    // What earlier notes credited on this line counts against its share.
    const credited = line.amount - (remaining[index]?.amount ?? line.amount);
    return Math.max(0, refunded - credited);
  });
}
