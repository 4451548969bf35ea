import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  adminProductPageSchema,
  adminProductSorts,
  adminProductSchema,
  galleryRequestSchema,
  importErrorSchema,
  importRequestSchema,
  importResultSchema,
  productCustomisationFilters,
  productFlagFilters,
  productInputSchema,
  productStockFilters,
  publishRequestSchema,
} from '@shop/domain/admin/products';
import { coded } from '@shop/domain/field-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productActions } from '../../admin/products/actions.ts';
import { exportProductsCsv } from '../../admin/products/csv-export.ts';
import { importProductsCsv } from '../../admin/products/csv-import.ts';
import { receiveProductImages } from '../../admin/products/images.ts';
import { listAdminProducts } from '../../admin/products/list.ts';
import { loadAdminProduct, productSlug } from '../../admin/products/view.ts';
import { noStore } from '../../lib/cache.ts';
import { boolQuery, errorResponseSchema, intQuery, limitQuery, text } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { productsChanged } from '../../lib/catalogue-change.ts';
import { productTags } from '../../lib/storefront-notifier.ts';
import { caller } from '../../orders/deps.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const base = '/api/admin/products';
const staff = { adminRole: 'staff' as const };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const idParams = z.object({ id: z.string().max(100) });
/** A whole product with 100 variants and a long description fits easily. */
const PRODUCT_BODY_LIMIT = 256 * 1024;
/** The import's JSON body: the CSV text (MAX 5 MB) and its quoting. */
const IMPORT_BODY_LIMIT = 6 * 1024 * 1024;

const filters = {
  q: text({ max: 100 }).optional().describe('Name, slug or variant SKU contains'),
  category: z.uuid({ error: coded('category_id_invalid') }).optional(),
  brand: z.uuid({ error: coded('brand_id_invalid') }).optional(),
  published: boolQuery,
  stock: z.enum(productStockFilters, { error: coded('product_stock_filter_invalid') }).optional(),
  customisation: z.enum(productCustomisationFilters, { error: coded('product_customisation_filter_invalid') }).optional(),
  flag: z.enum(productFlagFilters, { error: coded('product_flag_filter_invalid') }).optional(),
};

/** A path id that is not a UUID names no product: 404, as for any unknown id. */
function productId(request: { params: { id: string } }): string {
  if (!UUID.test(request.params.id)) throw new Refusal('admin_product_not_found');
  return request.params.id.toLowerCase();
}

/**
 * The back office's products (issue 7, docs/decisions/029), for staff and admins: list with search and filters, read,
 * create, replace, publish or unpublish, delete, images (upload, order, alt text, remove), CSV export and import.
 * Every change is audited in its transaction and empties the API's response cache after the commit, so the shop
 * shows it at once; the web app's server actions revalidate the storefront's own cache tags.
 */
export const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin, like the personalisation uploads' own registration.
  await app.register(multipart, { limits: { fileSize: 0, files: 0 } });
  const actions = productActions(app.db);
  /**
   * After a write: the API's cache is emptied and the storefront expires the pages of the products named (their own
   * page under every slug they had, and the listings); with none named (an import), every catalogue page. The
   * product's id tells the caches beside the response cache to read that product alone again (decision 119).
   */
  const changed = async <T>(value: T, id: string | null, ...slugs: (string | null)[]): Promise<T> => {
    const named = slugs.filter((slug): slug is string => slug !== null);
    await app.responseCache.invalidate(named.length > 0 ? productTags(named) : undefined, { changed: id === null ? '' : productsChanged([id]) });
    // A restock may have written back-in-stock messages (issue 24): send them now rather than at the next poll.
    app.outbox.worker.wake();
    return value;
  };

  app.get(
    base,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: 'Products, published or not, with search, filters and pagination (staff, admin)',
        querystring: z.object({
          ...filters,
          sort: z.enum(adminProductSorts, { error: coded('product_sort_invalid') }).default('updated'),
          page: intQuery({ min: 1, max: 10_000, default: 1 }),
          limit: limitQuery(25, 100),
        }),
        response: { 200: adminProductPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return listAdminProducts(app.db, request.query);
    },
  );

  app.get(
    `${base}/export`,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: 'The products the filters match as CSV, one row per variant (staff, admin)',
        querystring: z.object(filters),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      noStore(reply);
      const day = new Date().toISOString().slice(0, 10);
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="products-${day}.csv"`);
      return reply.send(Readable.from(exportProductsCsv(app.db, request.query)));
    },
  );

  app.post(
    `${base}/import`,
    {
      config: staff,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Create and update products from CSV (staff, admin): all rows or none',
        description:
          'Body: `{ csv, dryRun? }`. Rows are matched to products by slug, then by variant SKU. Any problem in any row writes nothing and is answered (400) with `rows`: every problem by row (the header is row 1) and column. `dryRun` checks everything and writes nothing.',
        body: importRequestSchema,
        response: { 200: importResultSchema, 400: importErrorSchema, 401: errorResponseSchema, 403: errorResponseSchema, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const result = await importProductsCsv(app.db, caller(request), request.body.csv, request.body.dryRun === true);
      return result.dryRun ? result : changed(result, null);
    },
  );

  app.post(
    base,
    {
      config: staff,
      bodyLimit: PRODUCT_BODY_LIMIT,
      schema: { tags: ['admin'], summary: 'Create a product (staff, admin)', body: productInputSchema, response: { 201: adminProductSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      const product = await actions.create(caller(request), request.body);
      return reply.code(201).send(await changed(product, product._id, product.slug));
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: 'One product with its variants, published or not (staff, admin)',
        params: idParams,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const product = await loadAdminProduct(app.db, productId(request));
      if (!product) throw new Refusal('admin_product_not_found');
      return product;
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: staff,
      bodyLimit: PRODUCT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Replace a product and its variants (staff, admin)',
        description: 'Variants with an `id` are kept and changed; new ones have none; variants left out are removed. Images are changed on their own routes.',
        params: idParams,
        body: productInputSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const id = productId(request);
      // A new slug moves the page: the one at the old address must go too.
      const before = await productSlug(app.db, id);
      const product = await actions.update(caller(request), id, request.body);
      return changed(product, id, product.slug, before);
    },
  );

  app.post(
    `${base}/:id/publish`,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: 'Publish or unpublish a product (staff, admin)',
        params: idParams,
        body: publishRequestSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const product = await actions.setPublished(caller(request), productId(request), request.body.published);
      return changed(product, product._id, product.slug);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: 'Delete a product, its variants and reviews (staff, admin); orders keep their copy',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const id = productId(request);
      const removed = await actions.remove(caller(request), id);
      await changed(null, id, removed.slug);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:id/images`,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: 'Add images to a product (multipart, field `files` repeated, optional `alt`) (staff, admin)',
        description:
          'JPEG, PNG, WebP or HEIC by their bytes, at most 10 MB and IMAGE_MAX_MEGAPIXELS (25 by default) megapixels each, refused from the header; re-encoded to WebP through the image queue (503 images_busy when full). At most 12 images per product.',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: adminProductSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const id = productId(request);
      const room = await actions.room(id);
      const images = await receiveProductImages(app, request, room).catch((error: unknown) => {
        // Refused part-way through the body: the rest is unread, so this connection cannot carry another request.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      });
      const product = await actions.addImages(caller(request), id, images);
      return changed(product, product._id, product.slug);
    },
  );

  app.put(
    `${base}/:id/images`,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: "Set a product's gallery: image ids in their new order with alt texts; images left out are removed (staff, admin)",
        params: idParams,
        body: galleryRequestSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const product = await actions.setGallery(caller(request), productId(request), request.body);
      return changed(product, product._id, product.slug);
    },
  );
};
