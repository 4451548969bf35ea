import { type Database, type InvoiceParty, invoices, orderLines, orders, products, type ShopTaxIdentity, type StoredInvoiceLine } from '@shop/db';
import { computeInvoice, type InvoiceItemInput } from '@shop/domain/gst/invoice';
import { documentNumber, financialYearOf } from '@shop/domain/gst/numbering';
import { gstStateCode } from '@shop/domain/gst/states';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';
import { nextSequence } from './counter.ts';
import { loadTaxIdentity } from './tax-identity.ts';

/**
 * Issues an order's GST tax invoice (issue 21, decision 069): on payment for a prepaid order (payments/apply-payment.ts),
 * on shipping for cash on delivery (orders/change-status.ts), inside the caller's transaction when it has one (a
 * savepoint) so the invoice and the change that caused it commit together.
 *
 * - Once per order: the order row is locked first and an existing invoice is returned as it is.
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

export async function issueInvoice(db: Writer, orderId: string, at: Date = new Date()): Promise<InvoiceRow | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        discount: orders.discount,
        shipping: orders.shipping,
        codFee: orders.codFee,
        giftWrapFee: orders.giftWrapFee,
        prepaidDiscount: orders.prepaidDiscount,
        grandTotal: orders.grandTotal,
        address: orders.address,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      // NO KEY UPDATE, not UPDATE: it still makes two issuings for one order wait on each other, but not on the key
      // share lock a concurrent webhook's payment_events row takes on the order (an UPDATE lock there deadlocked
      // webhooks for the same order delivered at once, measured in bench/payments.mjs).
      .for('no key update');
    if (!order) return null;
    const [existing] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
      .limit(1);
    if (existing) return existing;
    const identity = await loadTaxIdentity(tx);
    if (!identity) return null;

    const lines = await tx
      .select({
        productId: orderLines.productId,
        name: orderLines.name,
        attributes: orderLines.attributes,
        price: orderLines.price,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
    const productIds = [...new Set(lines.map((line) => line.productId))];
    const taxOf = new Map(
      (productIds.length
        ? await tx.select({ id: products.id, hsnCode: products.hsnCode, gstRate: products.gstRate }).from(products).where(inArray(products.id, productIds))
        : []
      ).map((row) => [row.id, row]),
    );
    const items: InvoiceItemInput[] = lines.map((line) => {
      const tax = taxOf.get(line.productId);
      return { description: describe(line), hsn: tax?.hsnCode ?? '', rate: tax?.gstRate ?? FALLBACK_RATE, unitPrice: line.price, quantity: line.quantity };
    });
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
        ) + order.prepaidDiscount,
      shipping: order.shipping,
      // The cash-on-delivery fee the order was charged (decision 065), taxed by the shop's rule for charges.
      codFee: order.codFee,
      // Issue 24: gift wrap is its own line, taxed like the charges, so the invoice totals exactly what was paid.
      giftWrap: order.giftWrapFee,
      chargeRule: identity.chargeRate === null ? { kind: 'highest_rate' } : { kind: 'fixed_rate', rate: identity.chargeRate },
      supplierStateCode: supplier.stateCode,
      placeOfSupplyCode: placeOfSupply,
    });
    // The invoice must say exactly what was paid; an order whose totals do not add up is a bug to see, not to paper over.
    if (computed.amount !== order.grandTotal) throw new Error(`invoice for order ${order.number} totals ${computed.amount}, the order ${order.grandTotal}`);

    const year = financialYearOf(at);
    const sequence = await nextSequence(tx, 'invoice', year.label);
    const recipient: InvoiceParty = {
      name: order.address.name,
      address: [order.address.line1, order.address.line2, order.address.landmark, `${order.address.city} ${order.address.pincode}`].filter(
        (line): line is string => Boolean(line),
      ),
      state: order.address.state,
      stateCode: placeOfSupply,
      gstin: null,
    };
    const stored: StoredInvoiceLine[] = computed.lines.map((line, position) => ({ position, ...line }));
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'invoice',
        number: documentNumber(identity.invoicePrefix, 'invoice', at, sequence),
        financialYear: year.label,
        sequence,
        orderId,
        orderNumber: order.number,
        issuedAt: at,
        supplier,
        recipient,
        placeOfSupply,
        supplyType: computed.supplyType,
        lines: stored,
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
