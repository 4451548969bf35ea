import { categorySchema, paginatedSchema } from '@shop/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery, slugSchema } from '../../lib/params.ts';
import { loadCategories, pageOf, type CategoryNode } from './tree.ts';

const categoryPageSchema = paginatedSchema(categorySchema);
const pageQuery = z.object({ page: intQuery({ min: 1, max: 1000, default: 1 }), limit: limitQuery(100, 200) });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const strip = ({ position: _position, ...category }: CategoryNode) => category;
const notFound = { message: 'Category not found' };

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All categories in display order, with parent and product count (subcategories included)',
        querystring: pageQuery,
        response: { 200: categoryPageSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      publicCache(reply);
      return pageOf((await loadCategories(app.db)).map(strip), request.query.page, request.query.limit);
    },
  );

  app.get(
    '/api/categories/featured',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Featured categories in display order',
        querystring: pageQuery,
        response: { 200: categoryPageSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      publicCache(reply);
      const featured = (await loadCategories(app.db)).filter((category) => category.featured).map(strip);
      return pageOf(featured, request.query.page, request.query.limit);
    },
  );

  app.get(
    '/api/subcategories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Direct subcategories of a category (by slug or id); without parent, every category that has a parent',
        querystring: pageQuery.extend({
          parent: z
            .union([slugSchema, z.string().regex(uuidPattern)], { message: 'must be a category slug or id' })
            .optional(),
        }),
        response: { 200: categoryPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { parent, page, limit } = request.query;
      const all = await loadCategories(app.db);
      let children: CategoryNode[];
      if (parent === undefined) {
        children = all.filter((category) => category.parent !== null);
      } else {
        const key = parent.toLowerCase();
        const found = all.find((category) => category.slug === parent || category._id === key);
        if (!found) return reply.code(404).send(notFound);
        children = all.filter((category) => category.parent?._id === found._id);
      }
      publicCache(reply);
      return pageOf(children.map(strip), page, limit);
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
      const found = (await loadCategories(app.db)).find((category) => category.slug === request.params.slug);
      if (!found) return reply.code(404).send(notFound);
      publicCache(reply);
      return strip(found);
    },
  );
};
