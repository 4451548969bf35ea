import { orders, shipments } from '@shop/db';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { isOrderId } from '../../orders/order-view.ts';
import { LOOPBACK_JOURNEYS, LOOPBACK_SHIPROCKET_PREFIX, type LoopbackJourney } from '../../shipping/shiprocket/loopback-carrier.ts';

/**
 * How the OpenAPI document marks a staff-only operation: what docs.ts adds to /api/admin's on its own (the bearer token
 * or the session cookie of openapi/components.ts, and the role).
 */
const staffOnlyOperation: { security: Record<string, string[]>[]; 'x-required-role': 'staff' } = {
  security: [{ bearerAuth: [] }, { sessionCookie: [] }],
  'x-required-role': 'staff',
};

/**
 * The loopback carrier's two faces (decision 084), registered only while it stands in for Shiprocket (no SHIPROCKET_*
 * credentials, which production requires): with real credentials neither route exists (404).
 *
 * - `/api/dev/shiprocket/v1/external/*`: Shiprocket's API in Shiprocket's shapes, which the real adapter calls (through
 *   the API's own router). Left out of the OpenAPI document: it is Shiprocket's contract, not the shop's
 *   (shiprocket/entities.ts is its description).
 * - `POST /api/dev/shipping/loopback/journey`: staff play a parcel's journey (delivered, or back to the shop) for an
 *   order's AWB: the loopback sends Shiprocket's tracking webhooks to the shop's webhook route, as Shiprocket would.
 *   For browser tests and for a newcomer trying the shipping widgets under `npm start`.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const devShippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const loopback = app.shipping.loopback;
  if (!loopback) return;

  app.route({
    method: ['GET', 'POST'],
    url: `${LOOPBACK_SHIPROCKET_PREFIX}/v1/external/*`,
    bodyLimit: 256 * 1024,
    schema: { hide: true },
    handler: async (request, reply) => {
      noStore(reply);
      const path = `/${(request.params as { '*': string })['*']}`;
      const authorization = typeof request.headers.authorization === 'string' ? request.headers.authorization : undefined;
      const answer = await loopback.handle(request.method, path, authorization, request.body);
      if (answer.pdf) return reply.code(answer.status).header('content-type', 'application/pdf').send(answer.pdf);
      return reply.code(answer.status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(answer.body));
    },
  });

  app.post(
    '/api/dev/shipping/loopback/journey',
    {
      onRequest: app.requireRole('staff'),
      bodyLimit: 1024,
      schema: {
        tags: ['dev'],
        // The OpenAPI document reads a route's role from /api/admin's adminRole or a requireUser hook
        // (openapi/route-facts.ts); this requireRole outside /api/admin is invisible to it, so the document called the
        // route public and the fuzzer called it as one. Said here, it is documented as what it is (decision 149).
        ...staffOnlyOperation,
        summary:
          "Play a parcel's journey at the loopback carrier: Shiprocket's tracking webhooks for the order's AWB (staff; only while it stands in for Shiprocket)",
        body: z.object({ orderId: z.string().max(100), journey: z.enum(Object.keys(LOOPBACK_JOURNEYS) as [LoopbackJourney, ...LoopbackJourney[]]) }),
        response: {
          200: z.object({ sent: z.array(z.object({ kind: z.string(), status: z.number().int(), outcome: z.string().nullable() })) }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { orderId, journey } = request.body;
      if (!isOrderId(orderId)) throw new Refusal('admin_order_not_found');
      const [row] = await app.db
        .select({ awb: shipments.awb })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(and(eq(shipments.orderId, orderId.toLowerCase()), ne(shipments.status, 'cancelled')));
      if (!row) throw new Refusal('shipment_not_found');
      if (!row.awb || !loopback.hasAwb(row.awb)) throw new Refusal('shipment_no_awb');
      const sent = await loopback.journey(row.awb, journey);
      return {
        sent: sent.map((one) => ({
          kind: one.kind,
          status: one.status,
          outcome: typeof one.body === 'object' && one.body !== null && 'outcome' in one.body ? String(one.body.outcome) : null,
        })),
      };
    },
  );
};
