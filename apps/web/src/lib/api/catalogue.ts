import 'server-only';
import {
  type Brand,
  brandSchema,
  type Category,
  type CategoryPage,
  categoryPageSchema,
  categorySchema,
  type Paginated,
  paginatedSchema,
  type ProductDetail,
  productDetailSchema,
  type ProductSort,
  type ProductSummary,
  productSummarySchema,
  type Slider,
  sliderSchema,
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

/** The answers, checked with the schemas the API answers with (decision 040). Lists are pages; a rail reads `data`. */
const sliderPage = paginatedSchema(sliderSchema);
const categoryList = paginatedSchema(categorySchema);
const brandList = paginatedSchema(brandSchema);
const productPage = paginatedSchema(productSummarySchema);

type RailKind = 'featured' | 'flash-sale' | 'best-selling' | 'new-arrivals';

const DEFAULT_PAGE_SIZE = 24;
const RAIL_SIZE = 8;

export async function getSliders(): Promise<Slider[]> {
  const body = await apiGet('/api/sliders', { tags: ['sliders'], schema: sliderPage });
  return body.data;
}

export async function getFeaturedCategories(): Promise<Category[]> {
  const body = await apiGet('/api/categories/featured', { tags: ['categories'], schema: categoryList });
  return body.data;
}

/** Every category (the shop has about fifty, so one page of 200 holds them all). */
export async function getCategories(): Promise<Category[]> {
  const body = await apiGet('/api/categories', {
    tags: ['categories'],
    query: { limit: 200 },
    schema: categoryList,
  });
  return body.data;
}

/** One category by slug, or null when none has it. */
export async function getCategoryBySlug(slug: string): Promise<Category | null> {
  try {
    return await apiGet(`/api/category/${encodeURIComponent(slug)}`, {
      tags: ['categories', `category:${slug}`],
      schema: categorySchema,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'category_not_found') return null;
    throw error;
  }
}

/** The listing query of a product list: its filters, sort and page (prices in paise). */
function listingQuery(filters: ProductFilters) {
  return {
    brand: filters.brand,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    attr: filters.attr,
    inStock: filters.inStock ? 'true' : undefined,
    sort: filters.sort,
    page: filters.page,
    limit: filters.limit ?? DEFAULT_PAGE_SIZE,
  };
}

/**
 * Everything a category page shows in one call (docs/decisions/038): the category, its breadcrumb and
 * subcategories, the page of products for these filters, and the category's facets. Null when no category has
 * the slug. The path names the category; `filters.category` is not sent. Tagged like the reads it replaces
 * (the category, its product lists, and the brands its facets name).
 */
export async function getCategoryPage(slug: string, filters: Omit<ProductFilters, 'category'> = {}): Promise<CategoryPage | null> {
  try {
    return await apiGet(`/api/category/${encodeURIComponent(slug)}/page`, {
      tags: ['categories', `category:${slug}`, 'products', 'brands'],
      query: listingQuery(filters),
      schema: categoryPageSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'category_not_found') return null;
    throw error;
  }
}

export async function getBrands(): Promise<Brand[]> {
  const body = await apiGet('/api/brands', { tags: ['brands'], schema: brandList });
  return body.data;
}

export async function getProducts(filters: ProductFilters = {}): Promise<Paginated<ProductSummary>> {
  return apiGet('/api/products', {
    tags: ['products', ...(filters.category ? [`category:${filters.category}`] : [])],
    query: { category: filters.category, ...listingQuery(filters) },
    schema: productPage,
  });
}

async function getRail(kind: RailKind, limit = RAIL_SIZE): Promise<ProductSummary[]> {
  const body = await apiGet(`/api/products/${kind}`, {
    tags: ['products'],
    query: { limit },
    schema: productPage,
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
    return await apiGet(`/api/product/${encodeURIComponent(slug)}`, {
      tags: ['products', `product:${slug}`],
      schema: productDetailSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'product_not_found') return null;
    throw error;
  }
}

export async function getRelated(slug: string, limit = RAIL_SIZE): Promise<ProductSummary[]> {
  const body = await apiGet('/api/related-products', {
    tags: ['products', `product:${slug}`],
    query: { slug, limit },
    schema: productPage,
  });
  return body.data;
}

export async function searchProducts(q: string, page = 1, limit = DEFAULT_PAGE_SIZE): Promise<Paginated<ProductSummary>> {
  return apiGet('/api/products/search', {
    tags: ['products'],
    query: { q, page, limit },
    schema: productPage,
  });
}
