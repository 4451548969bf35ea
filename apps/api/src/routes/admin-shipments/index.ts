import { indiaClock } from '@shop/domain/delivery/delivery-estimate';
import {
  bulkShipRequestSchema,
  bulkShipResponseSchema,
  manifestJsonQuerySchema,
  manifestJsonSchema,
  manifestQuerySchema,
  orderShipmentSchema,
  pickupRequestSchema,
  rtoResolveRequestSchema,
  shipmentListQuerySchema,
  shipmentListSchema,
  shipmentSchema,
  shipOrderRequestSchema,
} from '@shop/domain/shipping/shipment';
import { SHIPPABLE_ORDER_STATUSES } from '@shop/domain/shipping/tracking';
import { orders } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { caller } from '../../orders/deps.ts';
import { isOrderId } from '../../orders/order-view.ts';
import { bulkShip, shipOrder, suggestedParcelFor } from '../../shipping/ship-order.ts';
import {
  cancelShipment,
  listShipments,
  manifestCsv,
  manifestPdf,
  manifestRows,
  requestPickup,
  resolveRto,
  shipmentLabel,
} from '../../shipping/shipment-actions.ts';
import { findOrderShipment } from '../../shipping/shipment-view.ts';
import { syncTracking } from '../../shipping/sync-tracking.ts';

/** A document sent as it is (no serializer runs on a Buffer or a string); the schemas list only the errors. */
function sendFile(reply: FastifyReply, type: string, fileName: string, body: Buffer | string) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

const params = z.object({ id: z.string().max(100) });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * The back office's shipping (issue 22, docs/shipping-api.md): ship an order through the carrier (one live shipment
 * per order; shipping again answers it), its label, the courier's pickup, cancelling before pickup, the parcel back
 * at the shop, the list, bulk shipping and the day's manifest. Staff and admins; every change is audit-logged.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminShipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.shipping.deps();

  app.get(
    '/api/admin/orders/:id/shipment',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "An order's shipment (live, else the last cancelled one) and the parcel Ship should suggest (staff, admin)",
        params,
        response: { 200: orderShipmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!isOrderId(request.params.id)) throw new Refusal('admin_order_not_found');
      const orderId = request.params.id.toLowerCase();
      const [order] = await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Refusal('admin_order_not_found');
      const shipment = await findOrderShipment(app.db, orderId);
      const live = shipment !== null && shipment.status !== 'cancelled';
      return {
        shipment,
        suggestedParcel: await suggestedParcelFor(app.db, orderId),
        canShip: SHIPPABLE_ORDER_STATUSES.includes(order.status) && (!live || shipment.status === 'creating'),
      };
    },
  );

  app.post(
    '/api/admin/orders/:id/shipment',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Ship an order with the carrier: its order, courier and AWB (staff, admin)',
        description:
          'Parcels default to one, weighed and sized from the products (their parcel figures, else the shop default). Idempotent per order: an order with a live shipment answers it again (200); a half-made one (the carrier failed) is finished; a concurrent call answers 409 `shipment_in_progress`. Only confirmed, in-production and packed orders ship (409 `shipment_order_not_shippable`). The carrier refusing answers 422 `shipment_carrier_refused` with its words; not answering 503 `shipment_carrier_unavailable` (ship again).',
        params,
        body: shipOrderRequestSchema,
        response: { 200: shipmentSchema, 201: shipmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { shipment, created } = await shipOrder(deps(), {
        orderId: request.params.id,
        parcels: request.body.parcels,
        courierId: request.body.courierId,
        actor: caller(request),
      });
      return reply.code(created ? 201 : 200).send(shipment);
    },
  );

  app.get(
    '/api/admin/orders/:id/shipment/label',
    {
      config: { adminRole: 'staff' },
      schema: { tags: ['admin'], summary: "The shipment's label PDF from the carrier (staff, admin)", params, response: errors },
    },
    async (request, reply) => {
      noStore(reply);
      const { pdf, awb } = await shipmentLabel(deps(), request.params.id);
      return sendFile(reply, 'application/pdf', `label-${awb.replace(/[^\w-]/g, '')}.pdf`, pdf);
    },
  );

  app.post(
    '/api/admin/orders/:id/shipment/pickup',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: 'Ask the courier to collect the parcel (staff, admin); asking again answers the pickup already scheduled',
        params,
        body: pickupRequestSchema,
        response: { 200: shipmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return requestPickup(deps(), request.params.id, request.body.date, caller(request));
    },
  );

  app.post(
    '/api/admin/orders/:id/shipment/cancel',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: 'Cancel the shipment before pickup, with the carrier too (staff, admin); the order may be shipped again',
        params,
        response: { 200: shipmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return cancelShipment(deps(), request.params.id, caller(request));
    },
  );

  app.post(
    '/api/admin/orders/:id/shipment/track',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: "Ask the carrier for the shipment's tracking and apply what was missed, as its webhooks would (staff, admin)",
        params,
        response: {
          200: z.object({
            shipment: shipmentSchema,
            outcomes: z.object({
              applied: z.number().int(),
              stale: z.number().int(),
              ignored: z.number().int(),
              duplicate: z.number().int(),
              unknown_awb: z.number().int(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return syncTracking(deps(), request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/shipment/rto',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: 'A parcel back at the shop: put its items back on sale or not (staff, admin)',
        params,
        body: rtoResolveRequestSchema,
        response: { 200: shipmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return resolveRto(deps(), request.params.id, request.body.resaleable, caller(request));
    },
  );

  app.get(
    '/api/admin/shipments',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Shipments, newest first (staff, admin)',
        querystring: shipmentListQuerySchema,
        response: { 200: shipmentListSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return listShipments(deps(), request.query);
    },
  );

  app.post(
    '/api/admin/shipments/bulk',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Ship many orders with their default parcels; one result per order (staff, admin)',
        body: bulkShipRequestSchema,
        response: { 200: bulkShipResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { results: await bulkShip(deps(), request.body.orderIds, caller(request)) };
    },
  );

  // The same day as JSON, for integrations (a warehouse system, a spreadsheet script): an empty day is an empty list.
  app.get(
    '/api/admin/shipments/manifest.json',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "The day's manifest as JSON: shipments picked up that day, amounts in paise (staff, admin)",
        querystring: manifestJsonQuerySchema,
        response: { 200: manifestJsonSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const date = request.query.date ?? indiaClock(new Date()).date;
      const rows = await manifestRows(deps(), date);
      return { date, rows: rows.map(({ providerShipmentId: _carrierId, ...row }) => row) };
    },
  );

  app.get(
    '/api/admin/shipments/manifest',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "The day's manifest for the courier: shipments picked up that day, as the carrier's PDF or as CSV (staff, admin)",
        querystring: manifestQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      noStore(reply);
      const date = request.query.date ?? indiaClock(new Date()).date;
      const rows = await manifestRows(deps(), date);
      if (request.query.format === 'csv') {
        return sendFile(reply, 'text/csv; charset=utf-8', `manifest-${date}.csv`, manifestCsv(rows));
      }
      if (rows.length === 0) throw new Refusal('shipment_manifest_empty', { params: { date } });
      return sendFile(reply, 'application/pdf', `manifest-${date}.pdf`, await manifestPdf(deps(), rows));
    },
  );
};
