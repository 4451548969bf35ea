import {
  type Database,
  type InvoiceParty,
  invoiceCounters,
  invoices,
  type OrderAddressSnapshot,
  orderLines,
  orders,
  products,
  type ShopTaxIdentity,
  siteSettings,
  type StoredInvoiceLine,
} from '@shop/db';
import { computeInvoice, type InvoiceItemInput } from '@shop/domain/gst/invoice';
import { documentNumber, financialYearOf } from '@shop/domain/gst/numbering';
import { gstStateCode } from '@shop/domain/gst/states';
import { and, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../lib/refusal.ts';
import { rowsOf } from '../lib/rows.ts';
import type { Tx } from '../orders/coupons.ts';
import { executeNamed } from '../orders/named-statement.ts';

/**
 * Issues an order's GST tax invoice (issue 21, decision 069): on payment for a prepaid order (payments/apply-payment.ts),
 * on shipping for cash on delivery (orders/change-status.ts), inside the caller's transaction when it has one, so the
 * invoice and the change that caused it commit together.
 *
 * - Once per order: the caller's lock on the order row, and the one-invoice-per-order index; an existing invoice is
 *   returned as it is.
 * - Rates and HSN codes are the products' at the moment of issue: under GST the time of supply of goods is the date
 *   of the invoice, so the rate in force then is the one that applies. A product deleted since is invoiced at 18 %
 *   with no HSN code, and staff see the line without one.
 * - No tax identity saved: the shop is not registered for GST as far as we know, and no invoice is issued (null).
 */

export type InvoiceRow = typeof invoices.$inferSelect;
type Writer = Database | Tx;

const FALLBACK_RATE = 1800;

export function supplierOf(identity: ShopTaxIdentity): InvoiceRow['supplier'] {
  return {
    name: identity.legalName,
    address: identity.address
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    state: identity.state,
    stateCode: gstStateCode(identity.state) ?? identity.gstin.slice(0, 2),
    gstin: identity.gstin,
    signatureName: identity.signatureName,
  };
}

function describe(line: { name: string; attributes: Record<string, string> }): string {
  const attributes = Object.entries(line.attributes).map(([name, value]) => `${name}: ${value}`);
  return attributes.length ? `${line.name} (${attributes.join(', ')})` : line.name;
}

/** What an invoice is made from (invoiceInputColumns' row). */
export interface InvoiceInputs {
  number: string;
  discount: number;
  shipping: number;
  cod_fee: number;
  gift_wrap_fee: number;
  prepaid_discount: number;
  grand_total: number;
  address: OrderAddressSnapshot;
  existing: string | null;
  identity: ShopTaxIdentity | null;
  lines: Array<{ name: string; attributes: Record<string, string>; price: number; quantity: number; hsnCode: string | null; gstRate: number | null }>;
}

/**
 * Everything an invoice is made from, as columns of a statement over `orders o` (this file's read, or a payment's
 * UPDATE … RETURNING, apply-payment.ts): the order, whether it has its invoice already, the shop's tax identity, and
 * the lines with their products' rates and HSN codes as they are now (null for a product deleted since).
 */
export const invoiceInputColumns = sql`o.number, o.discount, o.shipping, o.cod_fee, o.gift_wrap_fee, o.prepaid_discount, o.grand_total, o.address,
      (select i.id from ${invoices} i where i.order_id = o.id and i.kind = 'invoice') as existing,
      (select s.tax_identity from ${siteSettings} s order by s.created_at limit 1) as identity,
      coalesce((
        select json_agg(json_build_object('name', l.name, 'attributes', l.attributes, 'price', l.price, 'quantity', l.quantity,
                                          'hsnCode', p.hsn_code, 'gstRate', p.gst_rate) order by l.position)
          from ${orderLines} l left join ${products} p on p.id = l.product_id
         where l.order_id = o.id), '[]') as lines`;

/**
 * The year's next number and the invoice under it, in ONE statement (decision 070's counter, decision 082): the
 * counter row is locked from here to the caller's commit, so this is the transaction's last write. The number is
 * PREFIX/2627/ and the sequence padded to five digits, as documentNumber writes it; a sequence that would make it longer
 * than GST's 16 characters is not taken (no update, no row: the caller throws, and the series keeps no gap).
 */
function issueStatement(
  values: Omit<InvoiceRow, 'id' | 'createdAt' | 'updatedAt' | 'number' | 'sequence' | 'invoiceId' | 'reason' | 'pdfKey'>,
  numberPrefix: string,
) {
  return sql`
    with counter as (
      insert into ${invoiceCounters} as c (series, financial_year, last_number) values ('invoice', ${values.financialYear}, 1)
      on conflict (series, financial_year) do update set last_number = c.last_number + 1
       where length(${numberPrefix}::text) + greatest(5, length((c.last_number + 1)::text)) <= 16
      returning last_number
    ), cleared as (
      -- Issued here, the order's invoice is no longer due for the batch issuer (decision 109).
      update ${orders} set invoice_due_at = null
       where id = ${values.orderId}::uuid and invoice_due_at is not null and exists (select 1 from counter)
    )
    insert into ${invoices} (kind, number, financial_year, sequence, order_id, order_number, issued_at, supplier, recipient,
                             place_of_supply, supply_type, lines, amount, taxable, cgst, sgst, igst)
    select 'invoice', ${numberPrefix}::text || lpad(last_number::text, greatest(5, length(last_number::text)), '0'), ${values.financialYear},
           last_number, ${values.orderId}::uuid, ${values.orderNumber}, ${values.issuedAt.toISOString()}::timestamptz,
           ${JSON.stringify(values.supplier)}::jsonb, ${JSON.stringify(values.recipient)}::jsonb, ${values.placeOfSupply}, ${values.supplyType},
           ${JSON.stringify(values.lines)}::jsonb, ${values.amount}::int, ${values.taxable}::int, ${values.cgst}::int, ${values.sgst}::int, ${values.igst}::int
      from counter
    returning id, number, sequence, created_at, updated_at`;
}

/**
 * Two statements (decision 082): the inputs read (or `inputs`, read by the caller's own statement under the same
 * lock), then the number taken and the invoice written together. Called in a
 * transaction, the caller already holds the order's row lock (the payment's or the status change's update), so two
 * issuings for one order cannot both get past the read; called on its own (tests, tools), a second issuing at the same
 * moment fails on the one-invoice-per-order index (its statement, counter included, rolls back) and answers the first's.
 */
export async function issueInvoice(db: Writer, orderId: string, at: Date = new Date(), inputs?: InvoiceInputs): Promise<InvoiceRow | null> {
  const [order] = inputs
    ? [inputs]
    : rowsOf<InvoiceInputs>(await executeNamed(db, 'invoice-inputs', sql`select ${invoiceInputColumns} from ${orders} o where o.id = ${orderId}::uuid`));
  if (!order) return null;
  if (order.existing) return existingInvoice(db, orderId);
  const prepared = prepareInvoice(orderId, order, at);
  if (!prepared) return null;
  const { values, numberPrefix } = prepared;
  let written: { id: string; number: string; sequence: number; created_at: string | Date; updated_at: string | Date } | undefined;
  try {
    [written] = rowsOf<NonNullable<typeof written>>(await executeNamed(db, 'invoice-issue', issueStatement(values, numberPrefix)));
  } catch (error) {
    // Another issuing of this order committed first (only outside a transaction that holds the order: see above).
    if (isUniqueViolation(error, 'invoices_one_per_order_idx')) return existingInvoice(db, orderId);
    throw error;
  }
  if (!written) throw new Error(`invoice numbers of ${values.financialYear} with the prefix ${numberPrefix} would be longer than GST's 16 characters`);
  return {
    ...values,
    id: written.id,
    number: written.number,
    sequence: Number(written.sequence),
    createdAt: new Date(written.created_at),
    updatedAt: new Date(written.updated_at),
    invoiceId: null,
    reason: null,
    pdfKey: null,
  };
}

/** An invoice's row as computed before it has a number (issueStatement's and the batch issuer's input). */
export type PreparedInvoice = {
  values: Omit<InvoiceRow, 'id' | 'createdAt' | 'updatedAt' | 'number' | 'sequence' | 'invoiceId' | 'reason' | 'pdfKey'>;
  /** The number's fixed part, `PREFIX/2627/`, checked as documentNumber checks the whole. */
  numberPrefix: string;
};

/**
 * The invoice of an order from its inputs, computed (pure: no statement), or null when the shop has no tax identity.
 * The caller has checked that the order has no invoice yet.
 */
export function prepareInvoice(orderId: string, order: InvoiceInputs, at: Date): PreparedInvoice | null {
  const identity = order.identity;
  if (!identity) return null;
  const items: InvoiceItemInput[] = order.lines.map((line) => ({
    description: describe(line),
    hsn: line.hsnCode ?? '',
    rate: line.gstRate ?? FALLBACK_RATE,
    unitPrice: line.price,
    quantity: line.quantity,
  }));
  const supplier = supplierOf(identity);
  const placeOfSupply = gstStateCode(order.address.state) ?? supplier.stateCode;
  const computed = computeInvoice({
    items,
    // A coupon worth more than the items gives them free, no more (pricing.ts grandTotal: max(0, total − discount)).
    // The saving for paying online (decision 065) is a discount on the items too, and never more than what is left
    // of them after the coupon (cod-rules.ts paymentCharges), so both are apportioned across the lines before tax.
    discount:
      Math.min(
        order.discount,
        items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0),
      ) + order.prepaid_discount,
    shipping: order.shipping,
    // The cash-on-delivery fee the order was charged (decision 065), taxed by the shop's rule for charges.
    codFee: order.cod_fee,
    // Issue 24: gift wrap is its own line, taxed like the charges, so the invoice totals exactly what was paid.
    giftWrap: order.gift_wrap_fee,
    chargeRule: identity.chargeRate === null ? { kind: 'highest_rate' } : { kind: 'fixed_rate', rate: identity.chargeRate },
    supplierStateCode: supplier.stateCode,
    placeOfSupplyCode: placeOfSupply,
  });
  // The invoice must say exactly what was paid; an order whose totals do not add up is a bug to see, not to paper over.
  if (computed.amount !== order.grand_total) throw new Error(`invoice for order ${order.number} totals ${computed.amount}, the order ${order.grand_total}`);

  const year = financialYearOf(at);
  // The number's fixed part, checked as documentNumber checks the whole (the prefix's characters, 16 at most).
  const first = documentNumber(identity.invoicePrefix, 'invoice', at, 1);
  const numberPrefix = first.slice(0, first.lastIndexOf('/') + 1);
  const recipient: InvoiceParty = {
    name: order.address.name,
    address: [order.address.line1, order.address.line2, order.address.landmark, `${order.address.city} ${order.address.pincode}`].filter(
      (line): line is string => Boolean(line),
    ),
    state: order.address.state,
    stateCode: placeOfSupply,
    gstin: null,
  };
  const values = {
    kind: 'invoice' as const,
    financialYear: year.label,
    orderId,
    orderNumber: order.number,
    issuedAt: at,
    supplier,
    recipient,
    placeOfSupply,
    supplyType: computed.supplyType,
    lines: computed.lines.map((line, position): StoredInvoiceLine => ({ position, ...line })),
    amount: computed.amount,
    taxable: computed.taxable,
    cgst: computed.cgst,
    sgst: computed.sgst,
    igst: computed.igst,
  };
  return { values, numberPrefix };
}

async function existingInvoice(db: Writer, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  return row ?? null;
}
