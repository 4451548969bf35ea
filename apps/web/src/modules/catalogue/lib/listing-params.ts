import { productSorts, type ProductSort } from '@shop/domain/catalogue';
import type { ProductFilters } from '@lib/api/catalogue';

/**
 * The listing pages (/shop, /category/{slug}) keep every filter in the URL as GET parameters, so a
 * plain <form method="get"> works without JavaScript and every result page can be shared.
 * Prices are whole rupees in the URL (what a shopper types) and paise towards the API.
 */
export type SearchParams = Record<string, string | string[] | undefined>;

export interface ListingState {
  category?: string;
  brand?: string;
  /** Rupees, as typed. */
  min?: number;
  /** Rupees, as typed. */
  max?: number;
  attr: string[];
  inStock: boolean;
  sort: ProductSort;
  page: number;
}

const MAX_PAGE = 500;
/** Highest bound the API accepts: its price columns are 32-bit integers of paise. */
const MAX_RUPEES = 21_474_836;
const MAX_ATTRS = 20;
/** The API's slug rule; anything else cannot name a category or brand, so it is ignored rather than sent. */
const SLUG = /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}_-]*$/u;

function slug(value: string | undefined): string | undefined {
  return value && value.length <= 200 && SLUG.test(value) ? value : undefined;
}

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  const trimmed = v?.trim();
  return trimmed ? trimmed : undefined;
}

function all(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const pairs = list.map((v) => v.trim().toLowerCase()).filter((v) => v.length <= 100 && /^[^:]*\S[^:]*:.*\S.*$/.test(v));
  return [...new Set(pairs)].slice(0, MAX_ATTRS);
}

function rupees(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), MAX_RUPEES) : undefined;
}

function isSort(value: unknown): value is ProductSort {
  return typeof value === 'string' && (productSorts as readonly string[]).includes(value);
}

/** Reads the listing state from a page's search params; anything malformed falls back to the default. */
export function parseListing(params: SearchParams): ListingState {
  const sort = first(params.sort);
  const page = Number(first(params.page) ?? '1');
  let min = rupees(first(params.min));
  let max = rupees(first(params.max));
  // A shopper who swaps the bounds still means the range between them.
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    category: slug(first(params.category)),
    brand: slug(first(params.brand)),
    min,
    max,
    attr: all(params.attr),
    inStock: ['1', 'true', 'on'].includes(first(params.inStock) ?? ''),
    sort: isSort(sort) ? sort : 'newest',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The API filters for a listing state. */
export function toFilters(state: ListingState): ProductFilters {
  return {
    category: state.category,
    brand: state.brand,
    minPrice: state.min !== undefined ? state.min * 100 : undefined,
    maxPrice: state.max !== undefined ? state.max * 100 : undefined,
    attr: state.attr.length ? state.attr : undefined,
    inStock: state.inStock || undefined,
    sort: state.sort,
    page: state.page,
  };
}

/** The query string for a listing state (defaults left out), e.g. for pagination links. */
export function listingQuery(state: ListingState, overrides: Partial<ListingState> = {}): string {
  const s = { ...state, ...overrides };
  const q = new URLSearchParams();
  if (s.category) q.set('category', s.category);
  if (s.brand) q.set('brand', s.brand);
  if (s.min !== undefined) q.set('min', String(s.min));
  if (s.max !== undefined) q.set('max', String(s.max));
  for (const a of s.attr) q.append('attr', a);
  if (s.inStock) q.set('inStock', '1');
  if (s.sort !== 'newest') q.set('sort', s.sort);
  if (s.page > 1) q.set('page', String(s.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** True when the shopper narrowed the listing (used for the "clear filters" link and empty states). */
export function hasFilters(state: ListingState, ignoreCategory = false): boolean {
  return Boolean(
    (!ignoreCategory && state.category) || state.brand || state.min !== undefined || state.max !== undefined || state.attr.length || state.inStock,
  );
}

/** How many filters are set, for the badge on the folded mobile filter panel. */
export function activeFilterCount(state: ListingState, ignoreCategory = false): number {
  return (
    (!ignoreCategory && state.category ? 1 : 0) +
    (state.brand ? 1 : 0) +
    (state.min !== undefined || state.max !== undefined ? 1 : 0) +
    state.attr.length +
    (state.inStock ? 1 : 0)
  );
}
