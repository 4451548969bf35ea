import 'server-only';
import { adminBrandSchema, adminCategorySchema, adminCouponSchema, adminSliderSchema } from '@shop/domain/admin/catalogue';
import { menuItemSchema, paginatedSchema } from '@shop/domain/catalogue';
import { z } from 'zod';
import { adminApi } from '@lib/api/admin-fetch';

/** The answers as the API gives them (its response schemas), checked before a page reads them. */
export const adminCatalogueSchemas = {
  category: adminCategorySchema,
  categories: z.object({ data: z.array(adminCategorySchema) }),
  brand: adminBrandSchema,
  brands: z.object({ data: z.array(adminBrandSchema) }),
  slider: adminSliderSchema,
  sliders: z.object({ data: z.array(adminSliderSchema) }),
  menus: z.object({ headerMenu: z.array(menuItemSchema), mobileMenu: z.array(menuItemSchema) }),
  coupon: adminCouponSchema,
  coupons: paginatedSchema(adminCouponSchema),
};
const schemas = adminCatalogueSchemas;

/** Reads for the catalogue pages of the back office (never cached: staff must see what they just saved). */
export const catalogueApi = {
  categories: async () => (await adminApi('GET', '/api/admin/categories', { schema: schemas.categories })).data,
  category: (id: string) => adminApi('GET', `/api/admin/categories/${encodeURIComponent(id)}`, { schema: schemas.category }),
  brands: async () => (await adminApi('GET', '/api/admin/brands', { schema: schemas.brands })).data,
  brand: (id: string) => adminApi('GET', `/api/admin/brands/${encodeURIComponent(id)}`, { schema: schemas.brand }),
  sliders: async () => (await adminApi('GET', '/api/admin/sliders', { schema: schemas.sliders })).data,
  slider: (id: string) => adminApi('GET', `/api/admin/sliders/${encodeURIComponent(id)}`, { schema: schemas.slider }),
  menus: () => adminApi('GET', '/api/admin/menus', { schema: schemas.menus }),
  coupons: (query: { q?: string; page?: number }) => adminApi('GET', '/api/admin/coupons', { query, schema: schemas.coupons }),
  coupon: (id: string) => adminApi('GET', `/api/admin/coupons/${encodeURIComponent(id)}`, { schema: schemas.coupon }),
};

/** A 404 from the API (unknown or malformed id) as null, for the edit pages' notFound(). */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Error && 'status' in error && ((error as { status: number }).status === 404 || (error as { status: number }).status === 400))
      return null;
    throw error;
  }
}
