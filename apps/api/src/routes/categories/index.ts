import { categoryPageSchema, categorySchema, paginatedSchema } from '@shop/domain/catalogue';
import { coded } from '@shop/domain/field-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryBySlug, categoryList, featuredCategories, subcategories } from '../../catalogue/categories.ts';
import { categoryPage } from '../../catalogue/category-page.ts';
import { catalogueReader } from '../../catalogue/reader.ts';
import { publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery, slugSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { listingFiltersSchema } from '../products/schemas.ts';

const categoryPageOfList = paginatedSchema(categorySchema);
const pageQuery = z.object({ page: intQuery({ min: 1, max: 1000, default: 1 }), limit: limitQuery(100, 200) });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const reader = catalogueReader(app);

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All categories in display order, with parent and product count (subcategories included)',
        querystring: pageQuery,
        response: { 200: categoryPageOfList, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      publicCache(reply);
      return categoryList(reader, request.query.page, request.query.limit);
    },
  );

  app.get(
    '/api/categories/featured',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Featured categories in display order',
        querystring: pageQuery,
        response: { 200: categoryPageOfList, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      publicCache(reply);
      return featuredCategories(reader, request.query.page, request.query.limit);
    },
  );

  app.get(
    '/api/subcategories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Direct subcategories of a category (by slug or id); without parent, every category that has a parent',
        querystring: pageQuery.extend({
          parent: z.union([slugSchema, z.string().regex(uuidPattern)], { error: coded('category_reference_invalid') }).optional(),
        }),
        response: { 200: categoryPageOfList, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { parent, page, limit } = request.query;
      const children = await subcategories(reader, parent, page, limit);
      if (!children) throw new Refusal('category_not_found');
      publicCache(reply);
      return children;
    },
  );

  app.get(
    '/api/category/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One category by slug',
        params: z.object({ slug: z.string() }),
        response: { 200: categorySchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const category = await categoryBySlug(reader, request.params.slug);
      if (!category) throw new Refusal('category_not_found');
      publicCache(reply);
      return category;
    },
  );

  app.get(
    '/api/category/:slug/page',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Everything a category page shows: the category, its breadcrumb and subcategories, a page of its products, and its facets',
        description:
          "products is GET /api/products?category={slug} with the same filters, sort and page. breadcrumb runs from the top-level category to this one. facets count the brands and attribute values of the category's published products (subcategories included), over the whole category, not narrowed by the filters chosen.",
        params: z.object({ slug: z.string() }),
        querystring: listingFiltersSchema,
        response: { 200: categoryPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await categoryPage(reader, request.params.slug, request.query);
      if (!page) throw new Refusal('category_not_found');
      publicCache(reply);
      return page;
    },
  );
};
