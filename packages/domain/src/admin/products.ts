import { z } from 'zod';
import { imageSchema, paginatedSchema } from '../catalogue.ts';

/**
 * The back office's products (issue 7): what staff send when they create or edit a product, what the API answers,
 * and the form's rules, shared by the API and the web form so a rule and its message are written once.
 * Money is integer paise in the API; the form takes rupees and converts (ARCHITECTURE.md, convention 6).
 */

/** GST slabs in basis points (300 = 3%): the only rates an Indian tax invoice can carry for goods. */
export const GST_RATES = [0, 25, 300, 500, 1200, 1800, 2800] as const;
/** Stock at or below this (and above zero) is "low" in the back office's filters and dashboard. */
export const LOW_STOCK_THRESHOLD = 5;
export const MEDIA_LIMIT_MAX = 10;
export const MAX_VARIANTS = 100;
export const MAX_PRODUCT_IMAGES = 12;
/** ₹1 crore in paise: no shop item costs more; keeps every sum inside a PostgreSQL integer. */
export const MAX_PRICE_PAISE = 1_000_000_000;

export const adminProductMessages = {
  required: 'is required',
  slug: 'must be a slug (lower-case letters, digits and dashes)',
  slugTaken: 'is already used by another product',
  skuTaken: 'is already used by another variant',
  skuRepeated: 'appears twice in this product',
  mrpBelowPrice: 'must be at least the price',
  wholeNumber: 'must be a whole number',
  money: 'must be an amount in rupees with at most two decimals',
  gstRate: 'must be one of 0, 0.25, 3, 5, 12, 18 or 28 (%)',
  hsnCode: 'must be 4, 6 or 8 digits',
  mediaLimit: `must be a whole number from 1 to ${MEDIA_LIMIT_MAX}`,
  attributes: 'must name at least one attribute, e.g. Colour',
  attributeNames: 'every variant must have the same attribute names',
  categoryMissing: 'no such category',
  brandMissing: 'no such brand',
  dateTime: 'must be a date and time',
  notFound: 'Product not found',
  imageNotFound: 'Image not found',
  tooManyImages: `A product has at most ${MAX_PRODUCT_IMAGES} images`,
} as const;

const m = adminProductMessages;

/** Text without control characters (PostgreSQL refuses NUL; nothing a person types needs the rest). */
function plainText(max: number, min = 0) {
  return z
    .string({ error: m.required })
    .trim()
    .min(min, { message: min > 0 ? 'must not be empty' : m.required })
    .max(max, { message: `must be at most ${max} characters` })
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value), { message: 'must not contain control characters' });
}

export const productSlugSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(200, { message: 'must be at most 200 characters' })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { message: m.slug });

const paise = z.number({ error: m.wholeNumber }).int({ message: m.wholeNumber }).min(0, { message: 'must not be negative' }).max(MAX_PRICE_PAISE, { message: 'is too large' });
const count = (max: number) => z.number({ error: m.wholeNumber }).int({ message: m.wholeNumber }).min(0, { message: 'must not be negative' }).max(max, { message: `must be at most ${max}` });

export const variantInputSchema = z
  .object({
    /** Present for a variant that exists (kept, so carts holding it still find it); absent for a new one. */
    id: z.uuid({ message: 'must be a variant id' }).optional(),
    sku: plainText(64, 1).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { message: 'must be letters, digits, dots, dashes or slashes' }),
    attributes: z
      .record(plainText(40, 1), plainText(80, 1))
      .refine((value) => Object.keys(value).length > 0 && Object.keys(value).length <= 5, { message: m.attributes }),
    price: paise,
    mrp: paise,
    stock: count(1_000_000),
  })
  .superRefine((value, context) => {
    if (value.mrp < value.price) context.addIssue({ code: 'custom', path: ['mrp'], message: m.mrpBelowPrice });
  });
export type VariantInput = z.infer<typeof variantInputSchema>;

/** Create or replace a product (PUT sends the whole product; variants absent from the list are removed). */
export const productInputSchema = z
  .object({
    name: plainText(200, 1),
    slug: productSlugSchema,
    description: plainText(10_000),
    categoryId: z.uuid({ message: 'must be a category id' }),
    brandId: z.uuid({ message: 'must be a brand id' }).nullable(),
    /** Ignored when the product has variants: then the cheapest variant's price, mrp and the sum of stock. */
    price: paise,
    mrp: paise,
    stock: count(1_000_000),
    cod: z.boolean(),
    customizationType: z.enum(['text', 'image', 'both'], { message: 'must be text, image or both' }).nullable(),
    mediaLimit: z.number({ error: m.mediaLimit }).int({ message: m.mediaLimit }).min(1, { message: m.mediaLimit }).max(MEDIA_LIMIT_MAX, { message: m.mediaLimit }),
    hsnCode: z.string().trim().regex(/^(\d{4}|\d{6}|\d{8})?$/, { message: m.hsnCode }),
    gstRate: z.number({ error: m.gstRate }).refine((value) => (GST_RATES as readonly number[]).includes(value), { message: m.gstRate }),
    weightGrams: count(1_000_000),
    tags: z.array(plainText(40, 1)).max(30, { message: 'must be at most 30 tags' }),
    featured: z.boolean(),
    flashSaleEndsAt: z.iso.datetime({ offset: true, message: m.dateTime }).nullable(),
    newArrival: z.boolean(),
    unique: z.boolean(),
    onSelling: z.boolean(),
    published: z.boolean(),
    variants: z.array(variantInputSchema).max(MAX_VARIANTS, { message: `must be at most ${MAX_VARIANTS} variants` }),
  })
  .superRefine((value, context) => {
    if (value.variants.length === 0 && value.mrp < value.price) context.addIssue({ code: 'custom', path: ['mrp'], message: m.mrpBelowPrice });
    const seen = new Map<string, number>();
    value.variants.forEach((variant, index) => {
      const key = variant.sku.toUpperCase();
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: m.skuRepeated });
      seen.set(key, index);
    });
    const [first] = value.variants;
    if (first) {
      const names = Object.keys(first.attributes).sort().join('\u0000');
      value.variants.forEach((variant, index) => {
        if (Object.keys(variant.attributes).sort().join('\u0000') !== names) {
          context.addIssue({ code: 'custom', path: ['variants', index, 'attributes'], message: m.attributeNames });
        }
      });
    }
  });
export type ProductInput = z.infer<typeof productInputSchema>;

export const publishRequestSchema = z.object({ published: z.boolean({ error: 'must be true or false' }) });

/** The gallery as it should be: ids in the new order, each with its alt text; an existing image left out is removed. */
export const galleryRequestSchema = z.object({
  images: z
    .array(z.object({ id: plainText(200, 1), alt: plainText(300) }))
    .max(MAX_PRODUCT_IMAGES, { message: m.tooManyImages }),
});
export type GalleryRequest = z.infer<typeof galleryRequestSchema>;

/** Product prices, mrp and stock as the catalogue expects them for a product with variants (schema comments). */
export function rollUpVariants(variants: readonly Pick<VariantInput, 'price' | 'mrp' | 'stock' | 'attributes'>[]): {
  price: number;
  mrp: number;
  stock: number;
  attributeValues: string[];
} | null {
  if (variants.length === 0) return null;
  const cheapest = variants.reduce((a, b) => (b.price < a.price ? b : a));
  const pairs = new Set<string>();
  for (const variant of variants) for (const [name, value] of Object.entries(variant.attributes)) pairs.add(`${name}:${value}`.toLowerCase());
  return { price: cheapest.price, mrp: cheapest.mrp, stock: variants.reduce((sum, v) => sum + v.stock, 0), attributeValues: [...pairs] };
}

/** URL slug from a product name: "Kid's Mug – Floral" -> "kids-mug-floral" (the seed's rule). */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

export const adminVariantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

const ref = z.object({ _id: z.string(), name: z.string(), slug: z.string() });

export const adminProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  images: z.array(imageSchema),
  category: ref,
  brand: ref.nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
  cod: z.boolean(),
  customizationType: z.enum(['text', 'image', 'both']).nullable(),
  mediaLimit: z.number().int(),
  hsnCode: z.string(),
  gstRate: z.number().int(),
  weightGrams: z.number().int(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  flashSaleEndsAt: z.string().nullable(),
  newArrival: z.boolean(),
  unique: z.boolean(),
  onSelling: z.boolean(),
  published: z.boolean(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  unitsSold: z.number().int(),
  variants: z.array(adminVariantSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: imageSchema.nullable(),
  category: ref,
  brand: ref.nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
  published: z.boolean(),
  customizationType: z.enum(['text', 'image', 'both']).nullable(),
  variantCount: z.number().int(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductPageSchema = paginatedSchema(adminProductRowSchema);

export const productStockFilters = ['low', 'out', 'in'] as const;
export const productCustomisationFilters = ['none', 'any', 'text', 'image', 'both'] as const;
export const productFlagFilters = ['featured', 'flash_sale', 'new_arrival', 'unique', 'on_selling', 'no_cod'] as const;

/** A CSV import's answer: what it did (or would do, on a dry run), or every row and column that is wrong. */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.array(z.string()),
  updated: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  rows: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })).optional(),
});
export type ImportRowError = NonNullable<z.infer<typeof importErrorSchema>['rows']>[number];
export const importRequestSchema = z.object({
  csv: z.string({ error: 'must be the CSV file as text' }).min(1, { message: 'must not be empty' }).max(5_000_000, { message: 'must be at most 5 MB' }),
  dryRun: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// The form (rupees as typed; converted to paise for the API)

const rupees = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: m.money });
const wholeText = z.string().trim().regex(/^\d{1,7}$/, { message: m.wholeNumber });

/** "123.45" rupees -> 12345 paise, exactly (no floating point). */
export function rupeesTextToPaise(value: string): number {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
/** 12345 paise -> "123.45"; whole rupees without decimals. */
export function paiseToRupeesText(paise: number): string {
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

export const variantFormSchema = z
  .object({
    id: z.string().optional(),
    sku: z.string().trim().min(1, { message: m.required }),
    /** "Colour=Rose Gold; Size=M" */
    attributes: z.string().trim().min(1, { message: m.attributes }),
    price: rupees,
    mrp: rupees,
    stock: wholeText,
  })
  .superRefine((value, context) => {
    if (/^\d/.test(value.price) && /^\d/.test(value.mrp) && rupeesTextToPaise(value.mrp) < rupeesTextToPaise(value.price)) {
      context.addIssue({ code: 'custom', path: ['mrp'], message: m.mrpBelowPrice });
    }
    if (parseAttributes(value.attributes) === null) context.addIssue({ code: 'custom', path: ['attributes'], message: 'write name=value pairs separated by ";", e.g. Colour=Red; Size=M' });
  });

export const productFormSchema = z
  .object({
    name: z.string().trim().min(1, { message: m.required }).max(200, { message: 'must be at most 200 characters' }),
    slug: z.string().trim().regex(/^[a-z0-9][a-z0-9-]*$/, { message: m.slug }),
    description: z.string().max(10_000, { message: 'must be at most 10000 characters' }),
    categoryId: z.string().min(1, { message: m.required }),
    brandId: z.string(),
    /** Checked only without variants (then the variants' own fields count). */
    price: z.string(),
    mrp: z.string(),
    stock: z.string(),
    cod: z.boolean(),
    customizationType: z.enum(['', 'text', 'image', 'both']),
    mediaLimit: z.string().regex(/^([1-9]|10)$/, { message: m.mediaLimit }),
    hsnCode: z.string().trim().regex(/^(\d{4}|\d{6}|\d{8})?$/, { message: m.hsnCode }),
    gstRate: z.string(),
    weightGrams: wholeText,
    tags: z.string(),
    featured: z.boolean(),
    /** datetime-local value (the staff member's clock), or empty. */
    flashSaleEndsAt: z.string(),
    newArrival: z.boolean(),
    unique: z.boolean(),
    onSelling: z.boolean(),
    published: z.boolean(),
    variants: z.array(variantFormSchema).max(MAX_VARIANTS),
  })
  .superRefine((value, context) => {
    if (value.variants.length === 0) {
      for (const field of ['price', 'mrp'] as const) {
        const check = rupees.safeParse(value[field]);
        if (!check.success) context.addIssue({ code: 'custom', path: [field], message: m.money });
      }
      if (!wholeText.safeParse(value.stock).success) context.addIssue({ code: 'custom', path: ['stock'], message: m.wholeNumber });
    }
    if (value.variants.length === 0 && /^\d/.test(value.price) && /^\d/.test(value.mrp) && rupeesTextToPaise(value.mrp) < rupeesTextToPaise(value.price)) {
      context.addIssue({ code: 'custom', path: ['mrp'], message: m.mrpBelowPrice });
    }
    if (!(GST_RATES as readonly number[]).includes(Number(value.gstRate))) context.addIssue({ code: 'custom', path: ['gstRate'], message: m.gstRate });
    if (value.flashSaleEndsAt !== '' && Number.isNaN(new Date(value.flashSaleEndsAt).getTime())) {
      context.addIssue({ code: 'custom', path: ['flashSaleEndsAt'], message: m.dateTime });
    }
  });
export type ProductForm = z.infer<typeof productFormSchema>;

/** "Colour=Rose Gold; Size=M" -> { Colour: 'Rose Gold', Size: 'M' }; null when a pair has no "=". */
export function parseAttributes(text: string): Record<string, string> | null {
  const result: Record<string, string> = {};
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at <= 0) return null;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (!name || !value) return null;
    result[name] = value;
  }
  return Object.keys(result).length > 0 ? result : null;
}
export function formatAttributes(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** The form's values as the API's input. `flashSaleEndsAt` is converted by the browser that knows the time zone. */
export function formToInput(form: ProductForm, flashSaleEndsAtIso: string | null): ProductInput {
  return {
    name: form.name,
    slug: form.slug,
    description: form.description,
    categoryId: form.categoryId,
    brandId: form.brandId === '' ? null : form.brandId,
    // With variants the API derives these from them; without, the form checked them.
    price: form.variants.length > 0 ? 0 : rupeesTextToPaise(form.price),
    mrp: form.variants.length > 0 ? 0 : rupeesTextToPaise(form.mrp),
    stock: form.variants.length > 0 ? 0 : Number(form.stock),
    cod: form.cod,
    customizationType: form.customizationType === '' ? null : form.customizationType,
    mediaLimit: Number(form.mediaLimit),
    hsnCode: form.hsnCode,
    gstRate: Number(form.gstRate),
    weightGrams: Number(form.weightGrams),
    tags: [...new Set(form.tags.split(',').map((tag) => tag.trim()).filter(Boolean))],
    featured: form.featured,
    flashSaleEndsAt: flashSaleEndsAtIso,
    newArrival: form.newArrival,
    unique: form.unique,
    onSelling: form.onSelling,
    published: form.published,
    variants: form.variants.map((variant) => ({
      ...(variant.id ? { id: variant.id } : {}),
      sku: variant.sku,
      attributes: parseAttributes(variant.attributes) ?? {},
      price: rupeesTextToPaise(variant.price),
      mrp: rupeesTextToPaise(variant.mrp),
      stock: Number(variant.stock),
    })),
  };
}

/** A product as the form edits it (a new product: `product` undefined). */
export function productToForm(product: AdminProduct | undefined): ProductForm {
  return {
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    categoryId: product?.category._id ?? '',
    brandId: product?.brand?._id ?? '',
    price: product ? paiseToRupeesText(product.price) : '',
    mrp: product ? paiseToRupeesText(product.mrp) : '',
    stock: String(product?.stock ?? 0),
    cod: product?.cod ?? true,
    customizationType: product?.customizationType ?? '',
    mediaLimit: String(product?.mediaLimit ?? 1),
    hsnCode: product?.hsnCode ?? '',
    gstRate: String(product?.gstRate ?? 0),
    weightGrams: String(product?.weightGrams ?? 0),
    tags: (product?.tags ?? []).join(', '),
    featured: product?.featured ?? false,
    flashSaleEndsAt: '',
    newArrival: product?.newArrival ?? false,
    unique: product?.unique ?? false,
    onSelling: product?.onSelling ?? false,
    published: product?.published ?? false,
    variants: (product?.variants ?? []).map((variant) => ({
      id: variant._id,
      sku: variant.sku,
      attributes: formatAttributes(variant.attributes),
      price: paiseToRupeesText(variant.price),
      mrp: paiseToRupeesText(variant.mrp),
      stock: String(variant.stock),
    })),
  };
}
