import { customisationUploads, type Database, orderLineCustomisations, orderLinePersonalisations, orderLines, orders, orderStatusHistory } from '@shop/db';
import type { LinePersonalisation } from '@shop/domain/gift/personalisation';
import type { Order, OrderTracking } from '@shop/domain/order';
import { customerCanCancel } from '@shop/domain/order-status';
import { customisationOpen, type LineCustomisation, type UploadedImage } from '@shop/domain/customisation';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { type Page, pageOf } from '../lib/page.ts';
import { toUploadedImage } from '../customisation/uploaded-image.ts';
import type { CustomerShipment } from '@shop/domain/shipping/shipment';
import { customerShipments } from '../shipping/shipment-view.ts';
import type { OrderProofs } from '@shop/domain/gift/proofs';
import { NO_PROOFS, orderProofsOf, proofsByOrder } from '../gifting/proof-view.ts';

/** Orders as the API answers them: the order row, its lines (in order) and its status history (oldest first). */

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type HistoryRow = typeof orderStatusHistory.$inferSelect;
type Reader = Pick<Database, 'select'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Something that is not a uuid cannot be an order id: not found, without asking the database. */
export const isOrderId = (id: string) => UUID.test(id);

function history(rows: HistoryRow[]) {
  return rows.map((row) => ({ status: row.status, at: row.at.toISOString(), actor: row.actor, note: row.note }));
}

/** What was sent for the lines that have details: line id -> texts, time, and photos per unit in their order. */
export type LineDetails = Map<string, { texts: string[]; sentAt: Date; images: UploadedImage[][] }>;

/** A customisable line's block (issue 5): what was sent per unit (texts and photos), when, and whether it is locked. */
function lineCustomisation(line: LineRow, status: OrderRow['status'], details: LineDetails): LineCustomisation | null {
  if (!line.customization) return null;
  const locked = !customisationOpen(status);
  const sent = details.get(line.id);
  if (!sent) return { units: null, sentAt: null, locked };
  return {
    units: sent.texts.map((text, unit) => ({ text, customization_image: sent.images[unit] ?? [] })),
    sentAt: sent.sentAt.toISOString(),
    locked,
  };
}

export function toOrder(
  row: OrderRow,
  lines: LineRow[],
  changes: HistoryRow[],
  details: LineDetails = new Map(),
  shipment: CustomerShipment | null = null,
  proofs?: OrderProofs,
  personal: LinePersonalisations = new Map(),
): Order {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    statusHistory: history(changes),
    items: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      slug: line.slug,
      image: line.image ?? null,
      attributes: line.attributes,
      sku: line.sku,
      price: line.price,
      mrp: line.mrp,
      quantity: line.quantity,
      itemTotal: line.price * line.quantity,
      itemMrp: line.mrp * line.quantity,
      cod: line.cod,
      product_customization: line.customization ?? null,
      customisation: lineCustomisation(line, row.status, details),
      personalisation: personal.get(line.id) ?? null,
    })),
    totalItems: row.totalItems,
    total: row.total,
    totalMrp: row.totalMrp,
    discount: row.discount,
    shipping: row.shipping,
    grandTotal: row.grandTotal,
    codFee: row.codFee,
    prepaidDiscount: row.prepaidDiscount,
    gift: row.gift ?? null,
    giftWrapFee: row.giftWrapFee,
    // A new order has no proof yet; whether it needs one is known from placement.
    proofs: proofs ?? (row.proofRequired ? orderProofsOf(true, [], null) : NO_PROOFS),
    codConfirmation: row.codConfirmation
      ? { method: row.codConfirmation, confirmBy: row.codConfirmBy?.toISOString() ?? null, confirmedAt: row.codConfirmedAt?.toISOString() ?? null }
      : null,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    reservationExpiresAt: row.reservationExpiresAt?.toISOString() ?? null,
    amountRefunded: row.amountRefunded,
    couponCode: row.couponCode,
    address: row.address,
    tracking: row.tracking ?? null,
    shipment,
    canCancel: customerCanCancel(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The details sent for the personalised lines among `lines`, texts and photos together in one query (a left join:
 * a text-only line has no photos); no query when no line is personalised.
 */
async function lineDetails(db: Reader, lines: LineRow[]): Promise<LineDetails> {
  const customisedLineIds = lines.filter((line) => line.customization !== null).map((line) => line.id);
  const details: LineDetails = new Map();
  if (customisedLineIds.length === 0) return details;
  const rows = await db
    .select({
      lineId: orderLineCustomisations.lineId,
      texts: orderLineCustomisations.texts,
      sentAt: orderLineCustomisations.sentAt,
      imageId: customisationUploads.id,
      unit: customisationUploads.unit,
    })
    .from(orderLineCustomisations)
    .leftJoin(customisationUploads, eq(customisationUploads.lineId, orderLineCustomisations.lineId))
    .where(inArray(orderLineCustomisations.lineId, customisedLineIds))
    .orderBy(asc(orderLineCustomisations.lineId), asc(customisationUploads.unit), asc(customisationUploads.position));
  for (const row of rows) {
    let sent = details.get(row.lineId);
    if (!sent) details.set(row.lineId, (sent = { texts: row.texts, sentAt: row.sentAt, images: [] }));
    if (row.imageId !== null && row.unit !== null) (sent.images[row.unit] ??= []).push(toUploadedImage(row.imageId));
  }
  return details;
}

/** Line id -> what the shopper chose in the live preview (issue 24, decision 107). */
export type LinePersonalisations = Map<string, LinePersonalisation>;

/** The live preview's values and rendered image of the lines that have them: one query by the lines' keys. */
async function linePersonalisations(db: Reader, lines: LineRow[]): Promise<LinePersonalisations> {
  const found: LinePersonalisations = new Map();
  const ids = lines.filter((line) => line.customization !== null).map((line) => line.id);
  if (ids.length === 0) return found;
  const rows = await db.select().from(orderLinePersonalisations).where(inArray(orderLinePersonalisations.lineId, ids));
  for (const row of rows) {
    found.set(row.lineId, {
      texts: row.texts,
      photos: Object.fromEntries(Object.entries(row.photos).map(([area, id]) => [area, toUploadedImage(id)])),
      preview: row.previewUploadId ? toUploadedImage(row.previewUploadId) : null,
    });
  }
  return found;
}

/** Lines and history of several orders in two queries (three when a line is personalised), then assembled in the rows' order. */
async function assemble(db: Reader, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const changes = await db
    .select()
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, ids))
    .orderBy(asc(orderStatusHistory.orderId), asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  const group = <T extends { orderId: string }>(items: T[]) => {
    const byOrder = new Map<string, T[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    return byOrder;
  };
  const details = await lineDetails(db, lines);
  const personal = await linePersonalisations(db, lines);
  // Issue 22: the carrier shipment and its timeline, for the two shipping widgets; issue 24: the order's proofs.
  const shipped = await customerShipments(db, ids);
  const proofs = await proofsByOrder(db, rows);
  const linesByOrder = group(lines);
  const changesByOrder = group(changes);
  return rows.map((row) =>
    toOrder(row, linesByOrder.get(row.id) ?? [], changesByOrder.get(row.id) ?? [], details, shipped.get(row.id) ?? null, proofs.get(row.id), personal),
  );
}

/** One order; with `userId`, only if it is that user's (another user's order is simply not found). */
export async function findOrder(db: Reader, id: string, userId?: string): Promise<Order | null> {
  if (!isOrderId(id)) return null;
  const where = userId ? and(eq(orders.id, id), eq(orders.userId, userId)) : eq(orders.id, id);
  const rows = await db.select().from(orders).where(where).limit(1);
  return (await assemble(db, rows))[0] ?? null;
}

export async function countOrders(db: Reader, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

/** A page of a user's orders, newest first (the index orders_user_created_idx serves both the page and the count). */
export async function listOrders(db: Reader, userId: string, page: number, limit: number): Promise<Page<Order>> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [data, total] = await Promise.all([assemble(db, rows), countOrders(db, userId)]);
  return pageOf(data, total, page, limit);
}

/**
 * Public tracking: the order with this number whose delivery mobile is `mobile` (10 digits), or null. A wrong
 * number and a wrong mobile look the same to the caller.
 */
export async function trackOrder(db: Reader, number: string, mobile: string): Promise<OrderTracking | null> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (!row || row.address.mobile !== mobile) return null;
  const changes = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, row.id))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  return {
    number: row.number,
    status: row.status,
    statusHistory: history(changes),
    tracking: row.tracking ?? null,
    shipment: (await customerShipments(db, [row.id])).get(row.id) ?? null,
    totalItems: row.totalItems,
    createdAt: row.createdAt.toISOString(),
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    amountRefunded: row.amountRefunded,
  };
}
