import 'server-only';
import { type AdminProduct, type AdminProductRow, adminProductPageSchema, adminProductSchema } from '@shop/domain/admin/products';
import type { Paginated } from '@shop/domain/catalogue';
import { type PersonalisationTemplate, personalisationTemplateSchema } from '@shop/domain/gift/personalisation';
import { adminApi, ApiError } from '@lib/api/admin-fetch';

export const productsApiPath = '/api/admin/products';

/** The list's filters as they travel in the page's URL and on to the API (names are the API's). */
const productFilterKeys = ['q', 'category', 'brand', 'published', 'stock', 'customisation', 'flag', 'sort', 'page'] as const;
export type ProductFilterValues = Partial<Record<(typeof productFilterKeys)[number], string>>;

export function filterValues(params: Record<string, string | string[] | undefined>): ProductFilterValues {
  const values: ProductFilterValues = {};
  for (const key of productFilterKeys) {
    const raw = params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value) values[key] = value;
  }
  return values;
}

export function listHref(values: ProductFilterValues, change: ProductFilterValues = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...values, ...change })) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `/admin/products?${text}` : '/admin/products';
}

/** The list's filters as the export's query string (the page and the order do not change what is exported). */
export function exportQueryOf(values: ProductFilterValues): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value && key !== 'page' && key !== 'sort') query.set(key, value);
  return query.toString();
}

export function getAdminProducts(values: ProductFilterValues): Promise<Paginated<AdminProductRow>> {
  return adminApi('GET', productsApiPath, { query: { ...values, limit: 25 }, schema: adminProductPageSchema });
}

export function getAdminProduct(id: string): Promise<AdminProduct> {
  return adminApi('GET', `${productsApiPath}/${encodeURIComponent(id)}`, { schema: adminProductSchema });
}

/** The product's personalisation template (issue 24), or null when it has none. */
export async function getPersonalisationTemplate(id: string): Promise<PersonalisationTemplate | null> {
  try {
    return await adminApi('GET', `${productsApiPath}/${encodeURIComponent(id)}/personalisation`, { schema: personalisationTemplateSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
