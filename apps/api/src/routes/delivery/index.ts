import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importErrorSchema } from '@shop/domain/admin/products';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { estimateFor } from '../../delivery/delivery-estimate.ts';
import { loadDeliverySettings } from '../../delivery/delivery-settings.ts';
import { importServiceability } from '../../delivery/serviceability-import.ts';
import { noStore } from '../../lib/cache.ts';
import { PINCODES_CHANGED } from '../../lib/catalogue-change.ts';
import { errorResponseSchema } from '../../lib/params.ts';

const estimateSchema = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  cod: z.boolean(),
  city: z.string(),
  state: z.string(),
  earliest: z.string().nullable().describe('YYYY-MM-DD (India); null when the pincode is not serviceable'),
  latest: z.string().nullable(),
});

const cartEstimateSchema = estimateSchema.extend({
  lines: z
    .array(z.object({ productId: z.string(), earliest: z.string().nullable(), latest: z.string().nullable() }))
    .describe("Each line's own promise, in the order asked; the order's (earliest, latest above) is the latest line's"),
});

// Loose on purpose: the service refuses a bad pincode with its own code (delivery_pincode_invalid), not a zod text.
const pincodeField = z.string().max(20);
const productId = z.string().min(1).max(100);

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * The delivery promise (issue 22, decision 080): when an order placed now reaches a pincode, and whether cash on
 * delivery is collected there. Public (the product page asks before sign-in); the answer depends on the clock, so it
 * is never cached by a client or the response cache. Staff import a carrier's serviceability file.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = () => app.responseCache.memo('delivery-settings', () => loadDeliverySettings(app.db));
  // Pincodes and products: held in memory with the response cache on (plugins/delivery-lookups.ts, decision 112).
  const lookups = app.deliveryLookups;

  app.get(
    '/api/delivery/estimate',
    {
      schema: {
        tags: ['delivery'],
        operationId: 'deliveryEstimate',
        summary: 'Delivery promise for a pincode, for one product or (without productId) ready stock',
        description: 'A pincode that is not 6 digits answers 400 `delivery_pincode_invalid`; one we do not know, 400 `delivery_pincode_unknown`.',
        querystring: z.object({ pincode: pincodeField, productId: productId.optional(), personalised: z.enum(['true', 'false']).optional() }),
        response: { 200: estimateSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { pincode, productId: id, personalised } = request.query;
      const lines = id ? [{ productId: id, personalised: personalised === 'true' }] : [];
      const { lines: _lines, ...estimate } = await estimateFor(lookups, {
        pincode,
        lines,
        now: new Date(),
        settings: await settings(),
        cod: await app.cod.settings(),
      });
      return estimate;
    },
  );

  app.post(
    '/api/delivery/estimate',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['delivery'],
        operationId: 'deliveryEstimateForCart',
        summary: "Delivery promise for a cart's lines to a pincode, each line's and the order's (the slowest line decides)",
        body: z.object({
          pincode: pincodeField,
          lines: z.array(z.object({ productId, personalised: z.boolean().optional() })).max(100),
        }),
        response: { 200: cartEstimateSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return estimateFor(lookups, {
        pincode: request.body.pincode,
        lines: request.body.lines,
        now: new Date(),
        settings: await settings(),
        cod: await app.cod.settings(),
      });
    },
  );

  app.post(
    '/api/admin/delivery/serviceability',
    {
      config: { adminRole: 'admin' },
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        operationId: 'adminImportServiceability',
        summary: "Import a carrier's serviceability file (CSV: pincode, prepaid yes/no, COD yes/no, zone or transit days)",
        description:
          '`replace` makes every served pincode not in the file unserviceable first; `update` changes only the listed ones. A file with problems is refused whole (400 `import_problem`/`import_problems`) with every problem by row and column in `rows`.',
        body: z.object({
          csv: z
            .string()
            .min(1)
            .max(4 * 1024 * 1024),
          mode: z.enum(['update', 'replace']).default('update'),
          dryRun: z.boolean().default(false).describe('Check and count, write nothing (the preview)'),
        }),
        response: {
          200: z.object({
            dryRun: z.boolean(),
            rows: z.number().int(),
            updated: z.number().int(),
            serviceable: z.number().int(),
            cod: z.number().int(),
            switchedOff: z.number().int(),
            unknown: z.number().int(),
            unknownPincodes: z.array(z.string()),
          }),
          400: importErrorSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const result = await importServiceability(app.db, request.user as RequestUser, request.body);
      // The estimates remember pincodes for the cache window: forget them here and in every other API process.
      if (!result.dryRun) await app.responseCache.invalidate(undefined, { changed: PINCODES_CHANGED });
      return result;
    },
  );
};
