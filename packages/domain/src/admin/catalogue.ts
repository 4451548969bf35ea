import { z } from 'zod';
import { dateTimeSchema } from '../calendar-schemas.ts';
import { imageSchema, type MenuItem } from '../catalogue.ts';
import { coded } from '../field-errors.ts';
import { type FieldRefusal, fieldRefusal, type RefusalCode } from '../refusals/index.ts';
import { maxOf } from './fixed.ts';
import { MAX_IMAGE_PATH, MENU_MAX_SUB, MENU_MAX_TOP } from './limits.ts';

/**
 * Back office (issue 7), catalogue area: the request schemas for categories, brands, sliders, the two menus and
 * coupons, refusing with the codes of ../refusals/admin.ts. The API validates with them and the admin forms show the
 * same codes' texts beside the fields.
 * Money is integer paise here; the forms take rupees and convert before sending.
 */

const PG_INT_MAX = 2_147_483_647;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** The text fields of the back office's forms, each with its own codes (a code carries its label and limit). */
type AdminTextField = 'name' | 'description' | 'title' | 'subtitle' | 'link' | 'label' | 'shop_name' | 'logo';
type TooLong = Extract<RefusalCode, `${string}_too_long`>;

/**
 * Trimmed text with no control characters, refused with the field's codes (`admin_name_required`,
 * `admin_name_too_long`, `admin_name_control_characters`); `tooLong` names another limit for the same label.
 */
export function adminText(field: Exclude<AdminTextField, 'description'>, options?: { optional?: boolean; tooLong?: TooLong }): ReturnType<typeof textSchema>;
/** Descriptions have a limit per form: the code that names it is required. */
export function adminText(field: 'description', options: { optional?: boolean; tooLong: TooLong }): ReturnType<typeof textSchema>;
export function adminText(field: AdminTextField, options: { optional?: boolean; tooLong?: TooLong } = {}) {
  return textSchema(field, options);
}

function textSchema(field: AdminTextField, options: { optional?: boolean; tooLong?: TooLong }) {
  const required = coded(`admin_${field}_required`);
  const tooLong = options.tooLong ?? (`admin_${field}_too_long` as TooLong);
  const base = z
    .string({ error: required })
    .trim()
    .max(maxOf(tooLong), { error: coded(tooLong) });
  return (options.optional ? base : base.min(1, { error: required })).refine((value) => !CONTROL.test(value), {
    error: coded(`admin_${field}_control_characters`),
  });
}

const adminSlugSchema = z
  .string({ error: coded('admin_slug_required') })
  .trim()
  .min(1, { error: coded('admin_slug_required') })
  .max(maxOf('admin_slug_too_long'), { error: coded('admin_slug_too_long') })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: coded('slug_format') });

/** A slug from a name: what the form proposes while the slug field is still empty. */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/** Images the back office stores live under this URL prefix; nothing else may be set as a catalogue image. */
const ADMIN_MEDIA_PREFIX = '/api/media/';
const isMediaPath = (path: string | undefined) => path === undefined || (path.startsWith(ADMIN_MEDIA_PREFIX) && !path.includes('..') && !CONTROL.test(path));
const mediaPath = z.string({ error: coded('image_path') }).max(MAX_IMAGE_PATH, { error: coded('image_path') });
const side = coded('image_side_invalid');
const pixels = z.number({ error: side }).int({ error: side }).min(1, { error: side }).max(maxOf('image_side_invalid'), { error: side });

/**
 * An image as the upload answered it (`{ id, original, width, height, alt? }`), sent back with the category, brand or
 * slide: its paths this shop's media (`image_path`, on the image), its sizes whole pixels from 1 to 20000, its texts
 * bounded (limits.ts). Anything else is refused with the field's code, never stored.
 */
const adminImageSchema = z
  .object(
    {
      id: z
        .string({ error: coded('image_required') })
        .min(1, { error: coded('image_required') })
        .max(maxOf('image_id_too_long'), { error: coded('image_id_too_long') }),
      original: mediaPath,
      thumbnail: mediaPath.optional(),
      width: pixels,
      height: pixels,
      alt: z
        .string({ error: coded('image_alt_too_long') })
        .max(maxOf('image_alt_too_long'), { error: coded('image_alt_too_long') })
        .refine((alt) => !CONTROL.test(alt), { error: coded('product_control_characters') })
        .optional(),
    },
    { error: coded('image_required') },
  )
  .refine((image) => isMediaPath(image.original) && isMediaPath(image.thumbnail), { error: coded('image_path') });

const position = coded('position_invalid');
const positionSchema = z.number({ error: position }).int({ error: position }).min(0, { error: position }).max(9999, { error: position });
const uuid = z.uuid({ error: coded('parent_missing') });

// ---- Categories ------------------------------------------------------------------------------------------------

export const categoryInputSchema = z.object({
  name: adminText('name'),
  slug: adminSlugSchema,
  description: adminText('description', { optional: true, tooLong: 'category_description_too_long' }).default(''),
  image: adminImageSchema.nullable().default(null),
  parentId: uuid.nullable().default(null),
  featured: z.boolean().default(false),
  position: positionSchema.default(0),
});

export const adminCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: imageSchema.nullable(),
  parentId: z.string().nullable(),
  featured: z.boolean(),
  position: z.number().int(),
  productCount: z.number().int(),
  updatedAt: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/**
 * Would putting `id` under `parentId` make a loop? True when the new parent is the category itself or sits
 * anywhere below it. `parentOf` maps each category id to its parent (null at the top).
 */
export function wouldCycle(id: string, parentId: string | null, parentOf: ReadonlyMap<string, string | null>): boolean {
  const seen = new Set<string>();
  for (let current = parentId; current !== null && current !== undefined; current = parentOf.get(current) ?? null) {
    if (current === id) return true;
    if (seen.has(current)) return true; // the stored tree already has a loop: never add to it
    seen.add(current);
  }
  return false;
}

// ---- Brands ----------------------------------------------------------------------------------------------------

export const brandInputSchema = z.object({
  name: adminText('name'),
  slug: adminSlugSchema,
  image: adminImageSchema.nullable().default(null),
});

export const adminBrandSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: imageSchema.nullable(),
  productCount: z.number().int(),
  updatedAt: z.string(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

// ---- Links and menus -------------------------------------------------------------------------------------------

/** Storefront pages a menu or a slide may link to besides categories, the shop and search. */
const STATIC_PATHS = ['/', '/category', '/contact-us', '/faq', '/feedback', '/privacy', '/terms', '/order'] as const;

/** What a link needs to exist: read by the API from the database, by the editor from the lists it shows. */
export interface LinkTargets {
  categorySlugs: ReadonlySet<string>;
  brandSlugs: ReadonlySet<string>;
  productSlugs?: ReadonlySet<string>;
}

/** The slugs a path depends on, so the API can look up only those (products are too many to load all). */
export function linkSlugs(path: string): { category?: string; brand?: string; product?: string } {
  const url = parseLocal(path);
  if (!url) return {};
  const category = /^\/category\/([^/]+)$/.exec(url.pathname)?.[1] ?? url.searchParams.get('category') ?? undefined;
  const product = /^\/product\/([^/]+)$/.exec(url.pathname)?.[1];
  const brand = url.pathname === '/shop' ? (url.searchParams.get('brand') ?? undefined) : undefined;
  return { category, brand, product };
}

function parseLocal(path: string): URL | null {
  if (!path.startsWith('/') || path.startsWith('//') || /[\s\\]/.test(path) || CONTROL.test(path)) return null;
  try {
    const url = new URL(path, 'http://shop.invalid');
    return url.origin === 'http://shop.invalid' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Why a menu or slider link would lead nowhere (a field's coded refusal), or null when it resolves. The rules
 * (decision 030):
 * - `/category/<slug>` of an existing category; `/product/<slug>` of an existing product (when the caller checks);
 * - `/shop`, with optional `brand=<existing brand>`, `category=<existing category>` and the shop's own filters;
 * - `/search?q=<words>` (q required: an empty search is not a destination);
 * - the fixed pages: STATIC_PATHS.
 * No other hosts, no fragments-only, nothing that is not a page of this storefront.
 */
export function linkProblem(path: string, targets: LinkTargets): FieldRefusal | null {
  if (path.length > maxOf('admin_link_too_long')) return fieldRefusal('admin_link_too_long');
  const url = parseLocal(path);
  if (!url) return fieldRefusal('link_invalid');
  const { pathname, searchParams } = url;
  const category = /^\/category\/([^/]+)$/.exec(pathname);
  if (category) {
    const slug = category[1] ?? '';
    return targets.categorySlugs.has(decodeURIComponent(slug)) ? null : fieldRefusal('link_category_missing', { slug });
  }
  const product = /^\/product\/([^/]+)$/.exec(pathname);
  if (product) {
    const slug = product[1] ?? '';
    if (!targets.productSlugs) return null;
    return targets.productSlugs.has(decodeURIComponent(slug)) ? null : fieldRefusal('link_product_missing', { slug });
  }
  if (pathname === '/shop') {
    const brand = searchParams.get('brand');
    if (brand !== null && !targets.brandSlugs.has(brand)) return fieldRefusal('link_brand_missing', { slug: brand });
    const inCategory = searchParams.get('category');
    if (inCategory !== null && !targets.categorySlugs.has(inCategory)) return fieldRefusal('link_category_missing', { slug: inCategory });
    return null;
  }
  if (pathname === '/search') {
    return (searchParams.get('q') ?? '').trim() === '' ? fieldRefusal('link_search_empty') : null;
  }
  if ((STATIC_PATHS as readonly string[]).includes(pathname)) return null;
  return fieldRefusal('link_invalid');
}

export { MENU_MAX_SUB, MENU_MAX_TOP } from './limits.ts';

const menuLeafSchema = z.object({
  id: z
    .string({ error: coded('menu_id_required') })
    .trim()
    .min(1, { error: coded('menu_id_required') })
    .max(maxOf('menu_id_too_long'), { error: coded('menu_id_too_long') })
    .regex(/^[a-z0-9][a-z0-9-]*$/, { error: coded('menu_id_format') }),
  path: adminText('link'),
  label: adminText('label'),
});

/** Two levels, as the header and the mobile drawer show them: top items, each with an optional list of links. */
const menuItemInputSchema = menuLeafSchema.extend({
  subMenu: z
    .array(menuLeafSchema)
    .max(MENU_MAX_SUB, { error: coded('menu_too_many_links') })
    .optional(),
});
const menuInputSchema = z.array(menuItemInputSchema).max(MENU_MAX_TOP, { error: coded('menu_too_many_items') });

export const menusInputSchema = z.object({ headerMenu: menuInputSchema, mobileMenu: menuInputSchema });
export type MenusInput = z.infer<typeof menusInputSchema>;

/**
 * Every problem of one menu, keyed by the field path the form uses (`headerMenu.2.subMenu.0.path`): duplicate ids
 * (the storefront keys its lists by them) and links that lead nowhere. Empty when the menu is good.
 */
export function menuProblems(name: 'headerMenu' | 'mobileMenu', menu: readonly MenuItem[], targets: LinkTargets): Record<string, FieldRefusal> {
  const problems: Record<string, FieldRefusal> = {};
  const ids = new Set<string>();
  const check = (item: MenuItem, field: string) => {
    if (ids.has(item.id)) problems[`${field}.id`] = fieldRefusal('menu_id_repeated', { id: item.id });
    ids.add(item.id);
    const problem = linkProblem(item.path, targets);
    if (problem) problems[`${field}.path`] = problem;
  };
  menu.forEach((item, index) => {
    check(item, `${name}.${index}`);
    item.subMenu?.forEach((child, childIndex) => check(child, `${name}.${index}.subMenu.${childIndex}`));
  });
  return problems;
}

/** Every path in a menu tree (to find which slugs it depends on). */
export function menuPaths(menu: readonly MenuItem[]): string[] {
  return menu.flatMap((item) => [item.path, ...menuPaths(item.subMenu ?? [])]);
}

/** The menu with every link to `from` (a path like /category/lamps, or its /shop?category= form) pointing at `to`. */
export function renameInMenu(menu: readonly MenuItem[], kind: 'category' | 'brand', from: string, to: string): MenuItem[] {
  const rename = (path: string): string => {
    const url = parseLocal(path);
    if (!url) return path;
    if (kind === 'category' && url.pathname === `/category/${from}`) return `/category/${to}${url.search}`;
    const key = kind === 'brand' ? 'brand' : 'category';
    if (url.pathname === '/shop' && url.searchParams.get(key) === from) {
      url.searchParams.set(key, to);
      return `${url.pathname}${url.search}`;
    }
    return path;
  };
  return menu.map((item) => {
    const next: MenuItem = { id: item.id, path: rename(item.path), label: item.label };
    if (item.subMenu) next.subMenu = renameInMenu(item.subMenu, kind, from, to);
    return next;
  });
}

/** One link with `from` (a category or brand slug) renamed to `to`; other links unchanged. */
export function renameInLink(path: string, kind: 'category' | 'brand', from: string, to: string): string {
  return renameInMenu([{ id: 'link', path, label: 'link' }], kind, from, to)[0]?.path ?? path;
}

/** Does this link lead to the category or brand (a deletion would leave it dead)? */
export function linkLeadsTo(path: string, kind: 'category' | 'brand', slug: string): boolean {
  const slugs = linkSlugs(path);
  return kind === 'category' ? slugs.category === slug : slugs.brand === slug;
}

/** Does the menu link to this category or brand (a deletion would leave the link dead)? */
export function menuLinksTo(menu: readonly MenuItem[], kind: 'category' | 'brand', slug: string): boolean {
  return menuPaths(menu).some((path) => {
    const slugs = linkSlugs(path);
    return kind === 'category' ? slugs.category === slug : slugs.brand === slug;
  });
}

// ---- Sliders ---------------------------------------------------------------------------------------------------

export const sliderInputSchema = z.object({
  title: adminText('title'),
  subtitle: adminText('subtitle', { optional: true }).default(''),
  image: adminImageSchema,
  link: adminText('link'),
  position: positionSchema.default(0),
  active: z.boolean().default(true),
});

export const adminSliderSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: imageSchema,
  link: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AdminSlider = z.infer<typeof adminSliderSchema>;

// ---- Coupons ---------------------------------------------------------------------------------------------------

const uses = coded('coupon_uses_invalid');
const usesSchema = z.number({ error: uses }).int({ error: uses }).min(1, { error: uses }).max(PG_INT_MAX, { error: uses }).nullable();
/** ISO 8601 with its offset, a real date in the shop's years (calendar.ts); null for no limit. */
const dateSchema = dateTimeSchema('coupon_date_invalid').nullable().default(null);
const amount = coded('coupon_amount_invalid');
const money = coded('admin_money_invalid');
const tooLarge = coded('coupon_amount_too_large');

export const couponInputSchema = z
  .object({
    code: z
      .string({ error: coded('coupon_code_required') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,29}$/, { error: coded('coupon_code_format') }),
    description: adminText('description', { optional: true, tooLong: 'coupon_description_too_long' }).default(''),
    type: z.enum(['fixed', 'percent'], { error: coded('coupon_type_invalid') }),
    /** Paise for fixed, whole percent for percent. */
    value: z.number({ error: amount }).int({ error: amount }).min(1, { error: amount }).max(PG_INT_MAX, { error: tooLarge }),
    minimum: z.number({ error: money }).int({ error: money }).min(0, { error: money }).max(PG_INT_MAX, { error: tooLarge }).default(0),
    startsAt: dateSchema,
    endsAt: dateSchema,
    maxUses: usesSchema.default(null),
    maxUsesPerCustomer: usesSchema.default(1),
    active: z.boolean().default(true),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.type === 'percent' && coupon.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: coded('coupon_percent_invalid') });
    if (coupon.startsAt && coupon.endsAt && new Date(coupon.endsAt) <= new Date(coupon.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: coded('coupon_dates_order') });
    }
  });

export const adminCouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  type: z.enum(['fixed', 'percent']),
  value: z.number().int(),
  minimum: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  usedCount: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

/** Rupees as typed in a form ("1,499.50") to paise, or null when it is not an amount. */
export function rupeesToPaise(input: string): number | null {
  const clean = input.replace(/[₹,\s]/g, '');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise to the rupees a form shows (no grouping, decimals only when needed). */
export function paiseToRupees(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}
