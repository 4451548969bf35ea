import 'server-only';
import type { AdminBrand, AdminCategory, AdminCoupon, AdminSlider } from '@shop/domain/admin/catalogue';
import type { MenuItem } from '@shop/domain/catalogue';
import { adminApi } from '@lib/api/admin-fetch';

/** Reads for the catalogue pages of the back office (never cached: staff must see what they just saved). */
export const catalogueApi = {
  categories: async () => (await adminApi<{ data: AdminCategory[] }>('GET', '/api/admin/categories')).data,
  category: (id: string) => adminApi<AdminCategory>('GET', `/api/admin/categories/${encodeURIComponent(id)}`),
  brands: async () => (await adminApi<{ data: AdminBrand[] }>('GET', '/api/admin/brands')).data,
  brand: (id: string) => adminApi<AdminBrand>('GET', `/api/admin/brands/${encodeURIComponent(id)}`),
  sliders: async () => (await adminApi<{ data: AdminSlider[] }>('GET', '/api/admin/sliders')).data,
  slider: (id: string) => adminApi<AdminSlider>('GET', `/api/admin/sliders/${encodeURIComponent(id)}`),
  menus: () => adminApi<{ headerMenu: MenuItem[]; mobileMenu: MenuItem[] }>('GET', '/api/admin/menus'),
  coupons: (query: { q?: string; page?: number }) =>
    adminApi<{ data: AdminCoupon[]; total: number; page: number; limit: number; hasMore: boolean }>('GET', '/api/admin/coupons', { query }),
  coupon: (id: string) => adminApi<AdminCoupon>('GET', `/api/admin/coupons/${encodeURIComponent(id)}`),
};

/** A 404 from the API (unknown or malformed id) as null, for the edit pages' notFound(). */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Error && 'status' in error && ((error as { status: number }).status === 404 || (error as { status: number }).status === 400)) return null;
    throw error;
  }
}
