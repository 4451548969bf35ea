import { z } from 'zod';
import { imageSchema, type MenuItem } from '../catalogue.ts';

/**
 * Back office (issue 7), catalogue area: the request schemas and messages for categories, brands, sliders, the two
 * menus and coupons. The API validates with them and the admin forms show the same messages beside the fields.
 * Money is integer paise here; the forms take rupees and convert before sending.
 */

const PG_INT_MAX = 2_147_483_647;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export const adminCatalogueMessages = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  slug: 'Slug must use lower-case letters, digits and dashes (e.g. name-plates)',
  slugTaken: 'This slug is already used',
  codeTaken: 'This coupon code already exists',
  parentSelf: 'A category cannot sit under itself or one of its subcategories',
  parentMissing: 'The parent category does not exist',
  image: 'Upload an image first',
  imagePath: 'The image must be one uploaded to this shop',
  position: 'Order must be a whole number from 0 to 9999',
  categoryHasProducts: (count: number) =>
    `This category still has ${count} product${count === 1 ? '' : 's'}: move ${count === 1 ? 'it' : 'them'} to another category first`,
  categoryHasChildren: (count: number) =>
    `This category has ${count} subcategor${count === 1 ? 'y' : 'ies'}: move or delete ${count === 1 ? 'it' : 'them'} first`,
  brandHasProducts: (count: number) =>
    `This brand still has ${count} product${count === 1 ? '' : 's'}: change their brand first`,
  inMenu: (menu: string) => `The ${menu} links here: change the menu first`,
  inSlide: (title: string) => `The slide "${title}" links here: change or delete the slide first`,
  notFound: (what: string) => `${what} not found`,
  link: 'Link must be a page of this shop (starting with /), e.g. /category/lamps',
  couponCode: 'Code must be 3 to 30 capital letters, digits, dashes or underscores',
  couponValueFixed: 'Amount must be more than ₹0',
  couponValuePercent: 'Percent must be a whole number from 1 to 100',
  money: 'Enter an amount in rupees (up to 2 decimals)',
  moneyTooBig: 'Amount is too large',
  uses: 'Enter a whole number of 1 or more, or leave empty for no limit',
  usesBelowUsed: (used: number) => `This coupon has been used ${used} time${used === 1 ? '' : 's'}: the limit cannot be lower`,
  dates: 'The end must be after the start',
  date: 'Enter a valid date and time',
  couponUsed: (used: number) =>
    `This coupon has been used in ${used} order${used === 1 ? '' : 's'}: make it inactive instead of deleting it`,
} as const;

const m = adminCatalogueMessages;

/** Trimmed text with no control characters, with the form's own messages. */
export function adminText(label: string, max: number, options: { optional?: boolean } = {}) {
  const base = z.string({ error: m.required(label) }).trim().max(max, { error: m.tooLong(label, max) });
  const checked = (options.optional ? base : base.min(1, { error: m.required(label) })).refine((value) => !CONTROL.test(value), {
    error: `${label} must not contain control characters`,
  });
  return checked;
}

export const adminSlugSchema = z
  .string({ error: m.required('Slug') })
  .trim()
  .min(1, { error: m.required('Slug') })
  .max(120, { error: m.tooLong('Slug', 120) })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: m.slug });

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
export const ADMIN_MEDIA_PREFIX = '/api/media/';
export const adminImageSchema = z.object(imageSchema.shape, { error: m.image }).refine((image) => image.original.startsWith(ADMIN_MEDIA_PREFIX) && !image.original.includes('..'), {
  error: m.imagePath,
});

const positionSchema = z.number({ error: m.position }).int({ error: m.position }).min(0, { error: m.position }).max(9999, { error: m.position });
const uuid = z.uuid({ error: m.parentMissing });

// ---- Categories ------------------------------------------------------------------------------------------------

export const categoryInputSchema = z.object({
  name: adminText('Name', 80),
  slug: adminSlugSchema,
  description: adminText('Description', 2000, { optional: true }).default(''),
  image: adminImageSchema.nullable().default(null),
  parentId: uuid.nullable().default(null),
  featured: z.boolean().default(false),
  position: positionSchema.default(0),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

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
  name: adminText('Name', 80),
  slug: adminSlugSchema,
  image: adminImageSchema.nullable().default(null),
});
export type BrandInput = z.input<typeof brandInputSchema>;

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
export const STATIC_PATHS = ['/', '/category', '/contact-us', '/faq', '/feedback', '/privacy', '/terms', '/order'] as const;

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
 * Why a menu or slider link would lead nowhere, or null when it resolves. The rules (decision 030):
 * - `/category/<slug>` of an existing category; `/product/<slug>` of an existing product (when the caller checks);
 * - `/shop`, with optional `brand=<existing brand>`, `category=<existing category>` and the shop's own filters;
 * - `/search?q=<words>` (q required: an empty search is not a destination);
 * - the fixed pages: STATIC_PATHS.
 * No other hosts, no fragments-only, nothing that is not a page of this storefront.
 */
export function linkProblem(path: string, targets: LinkTargets): string | null {
  if (path.length > 300) return 'Link must be at most 300 characters';
  const url = parseLocal(path);
  if (!url) return m.link;
  const { pathname, searchParams } = url;
  const category = /^\/category\/([^/]+)$/.exec(pathname);
  if (category) {
    return targets.categorySlugs.has(decodeURIComponent(category[1] ?? '')) ? null : `No category has the slug "${category[1]}"`;
  }
  const product = /^\/product\/([^/]+)$/.exec(pathname);
  if (product) {
    if (!targets.productSlugs) return null;
    return targets.productSlugs.has(decodeURIComponent(product[1] ?? '')) ? null : `No product has the slug "${product[1]}"`;
  }
  if (pathname === '/shop') {
    const brand = searchParams.get('brand');
    if (brand !== null && !targets.brandSlugs.has(brand)) return `No brand has the slug "${brand}"`;
    const inCategory = searchParams.get('category');
    if (inCategory !== null && !targets.categorySlugs.has(inCategory)) return `No category has the slug "${inCategory}"`;
    return null;
  }
  if (pathname === '/search') {
    return (searchParams.get('q') ?? '').trim() === '' ? 'A search link needs words to search for: /search?q=…' : null;
  }
  if ((STATIC_PATHS as readonly string[]).includes(pathname)) return null;
  return m.link;
}

export const MENU_MAX_TOP = 12;
export const MENU_MAX_SUB = 30;

const menuLeafSchema = z.object({
  id: z.string().trim().min(1, { error: m.required('Id') }).max(80, { error: m.tooLong('Id', 80) }).regex(/^[a-z0-9][a-z0-9-]*$/, {
    error: 'Id must use lower-case letters, digits and dashes',
  }),
  path: adminText('Link', 300),
  label: adminText('Label', 60),
});

/** Two levels, as the header and the mobile drawer show them: top items, each with an optional list of links. */
export const menuItemInputSchema = menuLeafSchema.extend({
  subMenu: z.array(menuLeafSchema).max(MENU_MAX_SUB, { error: `At most ${MENU_MAX_SUB} links under one item` }).optional(),
});
export const menuInputSchema = z.array(menuItemInputSchema).max(MENU_MAX_TOP, { error: `At most ${MENU_MAX_TOP} items in a menu` });

export const menusInputSchema = z.object({ headerMenu: menuInputSchema, mobileMenu: menuInputSchema });
export type MenusInput = z.infer<typeof menusInputSchema>;

/**
 * Every problem of one menu, keyed by the field path the form uses (`headerMenu.2.subMenu.0.path`): duplicate ids
 * (the storefront keys its lists by them) and links that lead nowhere. Empty when the menu is good.
 */
export function menuProblems(name: 'headerMenu' | 'mobileMenu', menu: readonly MenuItem[], targets: LinkTargets): Record<string, string> {
  const problems: Record<string, string> = {};
  const ids = new Set<string>();
  const check = (item: MenuItem, field: string) => {
    if (ids.has(item.id)) problems[`${field}.id`] = `The id "${item.id}" is used twice in this menu`;
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
  title: adminText('Title', 120),
  subtitle: adminText('Subtitle', 200, { optional: true }).default(''),
  image: adminImageSchema,
  link: adminText('Link', 300),
  position: positionSchema.default(0),
  active: z.boolean().default(true),
});
export type SliderInput = z.input<typeof sliderInputSchema>;

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

const usesSchema = z.number({ error: m.uses }).int({ error: m.uses }).min(1, { error: m.uses }).max(PG_INT_MAX, { error: m.uses }).nullable();
const dateSchema = z.iso.datetime({ offset: true, error: m.date }).nullable().default(null);

export const couponInputSchema = z
  .object({
    code: z
      .string({ error: m.required('Code') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,29}$/, { error: m.couponCode }),
    description: adminText('Description', 200, { optional: true }).default(''),
    type: z.enum(['fixed', 'percent'], { error: 'Choose a fixed amount or a percent' }),
    /** Paise for fixed, whole percent for percent. */
    value: z.number({ error: m.couponValueFixed }).int({ error: m.couponValueFixed }).min(1, { error: m.couponValueFixed }).max(PG_INT_MAX, { error: m.moneyTooBig }),
    minimum: z.number({ error: m.money }).int({ error: m.money }).min(0, { error: m.money }).max(PG_INT_MAX, { error: m.moneyTooBig }).default(0),
    startsAt: dateSchema,
    endsAt: dateSchema,
    maxUses: usesSchema.default(null),
    maxUsesPerCustomer: usesSchema.default(1),
    active: z.boolean().default(true),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.type === 'percent' && coupon.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: m.couponValuePercent });
    if (coupon.startsAt && coupon.endsAt && new Date(coupon.endsAt) <= new Date(coupon.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: m.dates });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;

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
