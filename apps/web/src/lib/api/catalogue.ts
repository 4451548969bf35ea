import 'server-only';
import type {
  Brand,
  Category,
  Paginated,
  ProductDetail,
  ProductSort,
  ProductSummary,
  Slider,
} from '@shop/domain/catalogue';
import { ApiError, apiGet } from './client';

/**
 * Catalogue reads for the storefront's server components. Every read carries cache tags so an admin
 * change can invalidate exactly what it touched (ARCHITECTURE.md, convention 3):
 * 'products' for any product list, `product:${slug}` for one product, 'categories' / `category:${slug}`,
 * 'sliders', 'brands'.
 */

export interface ProductFilters {
  category?: string;
  brand?: string;
  /** Paise. */
  minPrice?: number;
  /** Paise. */
  maxPrice?: number;
  /** Lower-case "name:value" pairs, e.g. "colour:rose gold". */
  attr?: string[];
  inStock?: boolean;
  sort?: ProductSort;
  page?: number;
  limit?: number;
}

/** Rails answer `{ data }` (possibly with pagination fields); the list is all a rail needs. */
type ListBody<T> = { data: T[] };

export type RailKind = 'featured' | 'flash-sale' | 'best-selling' | 'new-arrivals';

export const DEFAULT_PAGE_SIZE = 24;
const RAIL_SIZE = 8;

export async function getSliders(): Promise<Slider[]> {
  const body = await apiGet<ListBody<Slider>>('/api/sliders', { tags: ['sliders'] });
  return body.data;
}

export async function getFeaturedCategories(): Promise<Category[]> {
  const body = await apiGet<ListBody<Category>>('/api/categories/featured', { tags: ['categories'] });
  return body.data;
}

/** Every category (the shop has about fifty, so one page of 200 holds them all). */
export async function getCategories(): Promise<Category[]> {
  const body = await apiGet<Paginated<Category>>('/api/categories', {
    tags: ['categories'],
    query: { limit: 200 },
  });
  return body.data;
}

export async function getSubcategories(parentSlug: string): Promise<Category[]> {
  const body = await apiGet<ListBody<Category>>('/api/subcategories', {
    tags: ['categories', `category:${parentSlug}`],
    query: { parent: parentSlug },
  });
  return body.data;
}

export interface CategoryWithChildren {
  category: Category;
  children: Category[];
}

/** One category by slug, or null when none has it. */
export async function getCategoryBySlug(slug: string): Promise<Category | null> {
  try {
    return await apiGet<Category>(`/api/category/${encodeURIComponent(slug)}`, {
      tags: ['categories', `category:${slug}`],
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** A category and its direct children, or null when no category has that slug. */
export async function getCategory(slug: string): Promise<CategoryWithChildren | null> {
  const category = await getCategoryBySlug(slug);
  if (!category) return null;
  const children = await getSubcategories(category.slug);
  return { category, children };
}

export async function getBrands(): Promise<Brand[]> {
  const body = await apiGet<ListBody<Brand>>('/api/brands', { tags: ['brands'] });
  return body.data;
}

export async function getProducts(filters: ProductFilters = {}): Promise<Paginated<ProductSummary>> {
  return apiGet<Paginated<ProductSummary>>('/api/products', {
    tags: ['products', ...(filters.category ? [`category:${filters.category}`] : [])],
    query: {
      category: filters.category,
      brand: filters.brand,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      attr: filters.attr,
      inStock: filters.inStock ? 'true' : undefined,
      sort: filters.sort,
      page: filters.page,
      limit: filters.limit ?? DEFAULT_PAGE_SIZE,
    },
  });
}

async function getRail(kind: RailKind, limit = RAIL_SIZE): Promise<ProductSummary[]> {
  const body = await apiGet<ListBody<ProductSummary>>(`/api/products/${kind}`, {
    tags: ['products'],
    query: { limit },
  });
  return body.data;
}

export const getFeatured = (limit?: number) => getRail('featured', limit);
export const getFlashSale = (limit?: number) => getRail('flash-sale', limit);
export const getBestSelling = (limit?: number) => getRail('best-selling', limit);
export const getNewArrivals = (limit?: number) => getRail('new-arrivals', limit);

/** One product, or null when the API answers 404 (the page then calls notFound()). */
export async function getProduct(slug: string): Promise<ProductDetail | null> {
  try {
    return await apiGet<ProductDetail>(`/api/product/${encodeURIComponent(slug)}`, {
      tags: ['products', `product:${slug}`],
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function getRelated(slug: string, limit = RAIL_SIZE): Promise<ProductSummary[]> {
  const body = await apiGet<ListBody<ProductSummary>>('/api/related-products', {
    tags: ['products', `product:${slug}`],
    query: { slug, limit },
  });
  return body.data;
}

export async function searchProducts(
  q: string,
  page = 1,
  limit = DEFAULT_PAGE_SIZE,
): Promise<Paginated<ProductSummary>> {
  return apiGet<Paginated<ProductSummary>>('/api/products/search', {
    tags: ['products'],
    query: { q, page, limit },
  });
}
