import { PARCEL_LIMITS } from '../shipping/shipment.ts';
import { z } from 'zod';
import { isCalendarDate } from '../calendar.ts';
import { dateTimeSchema } from '../calendar-schemas.ts';
import { imageSchema, paginatedSchema, variantSchema } from '../catalogue.ts';
import { coded } from '../field-errors.ts';
import type { RefusalCode } from '../refusals/index.ts';
import { maxOf } from './fixed.ts';
import { MAX_PRODUCT_IMAGES, MAX_PRODUCT_TAGS, MAX_VARIANTS, MEDIA_LIMIT_MAX } from './limits.ts';

/**
 * The back office's products (issue 7): what staff send when they create or edit a product, what the API answers,
 * and the form's rules, shared by the API and the web form so a rule and its refusal code are written once.
 * Money is integer paise in the API; the form takes rupees and converts (ARCHITECTURE.md, convention 6).
 */

/** GST slabs in basis points (300 = 3%): the only rates an Indian tax invoice can carry for goods. */
export const GST_RATES = [0, 25, 300, 500, 1200, 1800, 2800] as const;
/** Stock at or below this (and above zero) is "low" in the back office's filters and dashboard. */
export const LOW_STOCK_THRESHOLD = 5;
export { MAX_IMPORT_ROWS, MAX_PRODUCT_IMAGES, MAX_VARIANTS, MEDIA_LIMIT_MAX } from './limits.ts';
/** ₹1 crore in paise: no shop item costs more; an order stays within its integer columns by MAX_ORDER_VALUE_PAISE. */
const MAX_PRICE_PAISE = 1_000_000_000;

type TooLong = Extract<RefusalCode, `${string}_too_long`>;

/** Text without control characters (PostgreSQL refuses NUL; nothing a person types needs the rest). */
function plainText(tooLong: TooLong, min = 0) {
  return z
    .string({ error: coded('product_required') })
    .trim()
    .min(min, { error: coded(min > 0 ? 'product_empty' : 'product_required') })
    .max(maxOf(tooLong), { error: coded(tooLong) })
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value), { error: coded('product_control_characters') });
}

const productSlugSchema = z
  .string({ error: coded('product_required') })
  .trim()
  .min(1, { error: coded('product_empty') })
  .max(maxOf('product_slug_too_long'), { error: coded('product_slug_too_long') })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: coded('product_slug_format') });

const whole = coded('product_whole_number');
const negative = coded('product_negative');
const paise = z
  .number({ error: whole })
  .int({ error: whole })
  .min(0, { error: negative })
  .max(MAX_PRICE_PAISE, { error: coded('product_price_too_large') });
const count = z
  .number({ error: whole })
  .int({ error: whole })
  .min(0, { error: negative })
  .max(maxOf('product_count_too_large'), { error: coded('product_count_too_large') });
/** A side of the packed box: whole centimetres, 0 (the shop's default parcel) to the parcel limit. */
const sideCm = z
  .number({ error: coded('shipment_parcel_size_invalid') })
  .int({ error: coded('shipment_parcel_size_invalid') })
  .min(0, { error: coded('shipment_parcel_size_invalid') })
  .max(PARCEL_LIMITS.maxSideCm, { error: coded('shipment_parcel_size_invalid') });
const mediaLimit = coded('media_limit_invalid');
/** Made-to-order days (decision 080): the making time the delivery promise adds before dispatch. */
export const MAX_MAKING_DAYS = 60;
export const DEFAULT_MAKING_DAYS = 2;
const makingDays = coded('product_making_days_invalid');
const makingDaysSchema = z.number({ error: makingDays }).int({ error: makingDays }).min(0, { error: makingDays }).max(MAX_MAKING_DAYS, { error: makingDays });
const gstRate = coded('gst_rate_invalid');

const variantInputSchema = z
  .object({
    /** Present for a variant that exists (kept, so carts holding it still find it); absent for a new one. */
    id: z.uuid({ error: coded('admin_variant_id_invalid') }).optional(),
    sku: plainText('sku_too_long', 1).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { error: coded('sku_format') }),
    attributes: z
      .record(plainText('attribute_name_too_long', 1), plainText('attribute_value_too_long', 1))
      .refine((value) => Object.keys(value).length > 0 && Object.keys(value).length <= 5, { error: coded('attributes_required') }),
    price: paise,
    mrp: paise,
    stock: count,
  })
  .superRefine((value, context) => {
    if (value.mrp < value.price) context.addIssue({ code: 'custom', path: ['mrp'], message: coded('mrp_below_price') });
  });
type VariantInput = z.infer<typeof variantInputSchema>;

/** Create or replace a product (PUT sends the whole product; variants absent from the list are removed). */
export const productInputSchema = z
  .object({
    name: plainText('product_name_too_long', 1),
    slug: productSlugSchema,
    description: plainText('product_description_too_long'),
    categoryId: z.uuid({ error: coded('category_id_invalid') }),
    brandId: z.uuid({ error: coded('brand_id_invalid') }).nullable(),
    /** Ignored when the product has variants: then the cheapest variant's price, mrp and the sum of stock. */
    price: paise,
    mrp: paise,
    stock: count,
    cod: z.boolean(),
    customizationType: z.enum(['text', 'image', 'both'], { error: coded('customisation_type_invalid') }).nullable(),
    mediaLimit: z.number({ error: mediaLimit }).int({ error: mediaLimit }).min(1, { error: mediaLimit }).max(MEDIA_LIMIT_MAX, { error: mediaLimit }),
    hsnCode: z
      .string()
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})?$/, { error: coded('hsn_code_invalid') }),
    gstRate: z.number({ error: gstRate }).refine((value) => (GST_RATES as readonly number[]).includes(value), { error: gstRate }),
    weightGrams: count,
    /** Left out: unchanged (a new product: DEFAULT_MAKING_DAYS), so older clients keep a product's making time. */
    madeToOrderDays: makingDaysSchema.optional(),
    /** The packed box in whole centimetres (issue 22; 0 = the shop's default parcel); left out, unchanged. */
    lengthCm: sideCm.optional(),
    breadthCm: sideCm.optional(),
    heightCm: sideCm.optional(),
    tags: z.array(plainText('tag_too_long', 1)).max(MAX_PRODUCT_TAGS, { error: coded('tags_too_many') }),
    featured: z.boolean(),
    flashSaleEndsAt: dateTimeSchema('date_time_invalid').nullable(),
    newArrival: z.boolean(),
    unique: z.boolean(),
    onSelling: z.boolean(),
    published: z.boolean(),
    /** Issue 24: staff send a proof the customer approves before this is made; left out, unchanged (a new product: false). */
    needsProof: z.boolean().optional(),
    variants: z.array(variantInputSchema).max(MAX_VARIANTS, { error: coded('variants_too_many') }),
  })
  .superRefine((value, context) => {
    if (value.variants.length === 0 && value.mrp < value.price) context.addIssue({ code: 'custom', path: ['mrp'], message: coded('mrp_below_price') });
    const seen = new Map<string, number>();
    value.variants.forEach((variant, index) => {
      const key = variant.sku.toUpperCase();
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: coded('sku_repeated') });
      seen.set(key, index);
    });
    const [first] = value.variants;
    if (first) {
      const names = Object.keys(first.attributes).sort().join('\u0000');
      value.variants.forEach((variant, index) => {
        if (Object.keys(variant.attributes).sort().join('\u0000') !== names) {
          context.addIssue({ code: 'custom', path: ['variants', index, 'attributes'], message: coded('attribute_names_differ') });
        }
      });
    }
  });
export type ProductInput = z.infer<typeof productInputSchema>;

export const publishRequestSchema = z.object({ published: z.boolean({ error: coded('published_invalid') }) });

/** The gallery as it should be: ids in the new order, each with its alt text; an existing image left out is removed. */
export const galleryRequestSchema = z.object({
  images: z
    .array(z.object({ id: plainText('image_id_too_long', 1), alt: plainText('image_alt_too_long') }))
    .max(MAX_PRODUCT_IMAGES, { error: coded('gallery_too_many') }),
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

/** A variant as the back office reads it: the catalogue's own shape (its stock is the real count there too). */
const adminVariantSchema = variantSchema;
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
  madeToOrderDays: z.number().int(),
  lengthCm: z.number().int(),
  breadthCm: z.number().int(),
  heightCm: z.number().int(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  flashSaleEndsAt: z.string().nullable(),
  newArrival: z.boolean(),
  unique: z.boolean(),
  onSelling: z.boolean(),
  published: z.boolean(),
  needsProof: z.boolean(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  unitsSold: z.number().int(),
  variants: z.array(adminVariantSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const adminProductRowSchema = z.object({
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

export { adminProductSorts, productCustomisationFilters, productFlagFilters, productStockFilters } from './limits.ts';

/** A CSV import's answer: what it did (or would do, on a dry run), or every row and column that is wrong. */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.array(z.string()),
  updated: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;
const refusalParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()).readonly()]));
const codedTextSchema = z.object({ code: z.string(), message: z.string(), params: refusalParamsSchema.optional() });
/** One problem of a refused import: where it is (the header is row 1) and what it is, coded like any refusal. */
const importRowErrorSchema = codedTextSchema.extend({ row: z.number().int(), column: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
/** A refused import (decision 037's body) with every problem by row and column beside it. */
export const importErrorSchema = codedTextSchema.extend({
  errors: z.record(z.string(), codedTextSchema).optional(),
  rows: z.array(importRowErrorSchema).optional(),
});
export const importRequestSchema = z.object({
  csv: z
    .string({ error: coded('import_csv_required') })
    .min(1, { error: coded('product_empty') })
    .max(5_000_000, { error: coded('import_csv_too_big') }),
  dryRun: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// The form (rupees as typed; converted to paise for the API)

const rupees = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: coded('product_money_invalid') });
const wholeText = z
  .string()
  .trim()
  .regex(/^\d{1,7}$/, { error: whole });

const sideText = wholeText.refine((value) => Number(value) <= PARCEL_LIMITS.maxSideCm, { error: coded('shipment_parcel_size_invalid') });

/** The form's price and mrp as typed: mrp below the price is refused on mrp (both forms, with or without variants). */
function checkMrp(value: { price: string; mrp: string }, context: z.RefinementCtx): void {
  if (/^\d/.test(value.price) && /^\d/.test(value.mrp) && rupeesTextToPaise(value.mrp) < rupeesTextToPaise(value.price)) {
    context.addIssue({ code: 'custom', path: ['mrp'], message: coded('mrp_below_price') });
  }
}

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

const variantFormSchema = z
  .object({
    id: z.string().optional(),
    sku: z
      .string()
      .trim()
      .min(1, { error: coded('product_required') }),
    /** "Colour=Rose Gold; Size=M" */
    attributes: z
      .string()
      .trim()
      .min(1, { error: coded('attributes_required') }),
    price: rupees,
    mrp: rupees,
    stock: wholeText,
  })
  .superRefine((value, context) => {
    checkMrp(value, context);
    if (parseAttributes(value.attributes) === null) context.addIssue({ code: 'custom', path: ['attributes'], message: coded('attributes_format') });
  });

export const productFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: coded('product_required') })
      .max(maxOf('product_name_too_long'), { error: coded('product_name_too_long') }),
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]*$/, { error: coded('product_slug_format') }),
    description: z.string().max(maxOf('product_description_too_long'), { error: coded('product_description_too_long') }),
    categoryId: z.string().min(1, { error: coded('product_required') }),
    brandId: z.string(),
    /** Checked only without variants (then the variants' own fields count). */
    price: z.string(),
    mrp: z.string(),
    stock: z.string(),
    cod: z.boolean(),
    customizationType: z.enum(['', 'text', 'image', 'both']),
    mediaLimit: z.string().refine((value) => /^[1-9]\d?$/.test(value) && Number(value) <= MEDIA_LIMIT_MAX, { error: mediaLimit }),
    hsnCode: z
      .string()
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})?$/, { error: coded('hsn_code_invalid') }),
    gstRate: z.string(),
    weightGrams: wholeText,
    madeToOrderDays: z.string().refine((value) => /^\s*\d{1,2}\s*$/.test(value) && Number(value) <= MAX_MAKING_DAYS, { error: makingDays }),
    tags: z.string(),
    featured: z.boolean(),
    /** datetime-local value (the staff member's clock), or empty. */
    flashSaleEndsAt: z.string(),
    newArrival: z.boolean(),
    unique: z.boolean(),
    onSelling: z.boolean(),
    published: z.boolean(),
    /** The packed box (issue 22): whole centimetres, 0 for the shop's default parcel. */
    lengthCm: sideText,
    breadthCm: sideText,
    heightCm: sideText,
    needsProof: z.boolean(),
    variants: z.array(variantFormSchema).max(MAX_VARIANTS),
  })
  .superRefine((value, context) => {
    if (value.variants.length === 0) {
      for (const field of ['price', 'mrp'] as const) {
        const check = rupees.safeParse(value[field]);
        if (!check.success) context.addIssue({ code: 'custom', path: [field], message: coded('product_money_invalid') });
      }
      if (!wholeText.safeParse(value.stock).success) context.addIssue({ code: 'custom', path: ['stock'], message: whole });
      checkMrp(value, context);
    }
    if (!(GST_RATES as readonly number[]).includes(Number(value.gstRate))) context.addIssue({ code: 'custom', path: ['gstRate'], message: gstRate });
    // A datetime-local value ("2026-12-31T18:30"): a real date in the shop's years, as the API will check it.
    if (value.flashSaleEndsAt !== '' && (Number.isNaN(new Date(value.flashSaleEndsAt).getTime()) || !isCalendarDate(value.flashSaleEndsAt.slice(0, 10)))) {
      context.addIssue({ code: 'custom', path: ['flashSaleEndsAt'], message: coded('date_time_invalid') });
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
    madeToOrderDays: Number(form.madeToOrderDays),
    tags: [
      ...new Set(
        form.tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ],
    featured: form.featured,
    flashSaleEndsAt: flashSaleEndsAtIso,
    newArrival: form.newArrival,
    unique: form.unique,
    onSelling: form.onSelling,
    published: form.published,
    lengthCm: Number(form.lengthCm),
    breadthCm: Number(form.breadthCm),
    heightCm: Number(form.heightCm),
    needsProof: form.needsProof,
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
    madeToOrderDays: String(product?.madeToOrderDays ?? DEFAULT_MAKING_DAYS),
    tags: (product?.tags ?? []).join(', '),
    featured: product?.featured ?? false,
    flashSaleEndsAt: '',
    newArrival: product?.newArrival ?? false,
    unique: product?.unique ?? false,
    onSelling: product?.onSelling ?? false,
    published: product?.published ?? false,
    lengthCm: String(product?.lengthCm ?? 0),
    breadthCm: String(product?.breadthCm ?? 0),
    heightCm: String(product?.heightCm ?? 0),
    needsProof: product?.needsProof ?? false,
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
