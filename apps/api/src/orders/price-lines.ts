import { type Database, products, productVariants, type StoredImage } from '@shop/db';
import type { OrderLineRequest } from '@shop/domain/order';
import { MAX_ORDER_VALUE_PAISE } from '@shop/domain/order-limits';
import type { ProductCustomisation } from '@shop/domain/catalogue';
import { type FieldRefusal, fieldRefusal } from '@shop/domain/refusals/index';
import { and, eq, inArray } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';

/** A requested line priced from the database: everything an order line snapshots, and the stock on hand now. */
export interface PricedLine {
  /** Index of the line in the request, for messages naming it. */
  index: number;
  productId: string;
  variantId: string | null;
  name: string;
  slug: string;
  image: StoredImage | null;
  attributes: Record<string, string>;
  sku: string | null;
  price: number;
  mrp: number;
  quantity: number;
  cod: boolean;
  customization: ProductCustomisation | null;
  /** Units on hand when priced (the order's transaction checks again). */
  stock: number;
}

export interface PricedCart {
  lines: PricedLine[];
  total: number;
  totalMrp: number;
  totalItems: number;
}

type Line = Required<Pick<OrderLineRequest, 'productId' | 'quantity'>> & { variantId: string | null };

/** "Name (Rose Gold, M)": how a line is named in messages, like the cart shows it. */
export function lineLabel(line: Pick<PricedLine, 'name' | 'attributes'>): string {
  const values = Object.values(line.attributes);
  return values.length ? `${line.name} (${values.join(', ')})` : line.name;
}

/** A product row as pricing needs it, with one of its options (null for a product without options). */
export interface CartRow {
  product: {
    id: string;
    name: string;
    slug: string;
    images: StoredImage[];
    price: number;
    mrp: number;
    stock: number;
    cod: boolean;
    customizationType: ProductCustomisation['type'] | null;
    mediaLimit: number;
    /** Issue 24: staff send a proof before making it (read when placing an order; other readers leave it out). */
    needsProof?: boolean;
  };
  variant: { id: string; sku: string; attributes: Record<string, string>; price: number; mrp: number; stock: number } | null;
}

/** The published products among `productIds`, each with all its options, in one query. */
export async function cartRows(db: Database, productIds: string[]): Promise<CartRow[]> {
  // One query: the products and all their options (a product without options comes back once, with nulls).
  return db
    .select({
      product: {
        id: products.id,
        name: products.name,
        slug: products.slug,
        images: products.images,
        price: products.price,
        mrp: products.mrp,
        stock: products.stock,
        cod: products.cod,
        customizationType: products.customizationType,
        mediaLimit: products.mediaLimit,
      },
      variant: {
        id: productVariants.id,
        sku: productVariants.sku,
        attributes: productVariants.attributes,
        price: productVariants.price,
        mrp: productVariants.mrp,
        stock: productVariants.stock,
      },
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(inArray(products.id, productIds), eq(products.published, true)));
}

/** The distinct product ids of a request, as the database spells them. */
export function productIdsOf(requested: Pick<Line, 'productId'>[]): string[] {
  return [...new Set(requested.map((line) => line.productId.toLowerCase()))];
}

/**
 * Prices a cart from the database in one query (the products joined with their options). Every price comes from here,
 * never from the client. Refuses (422, naming each bad line) unknown or unpublished products (`product_unavailable`),
 * a product with options sent without one (`needs_variant`), an option sent for a product without options
 * (`no_variants`) or that is not the product's (`variant_unavailable`); and (409 `out_of_stock`, unless `checkStock`
 * is false) a line asking for more than is on hand.
 */
export async function priceLines(db: Database, requested: Line[], options: { checkStock?: boolean } = {}): Promise<PricedCart> {
  return priceRows(await cartRows(db, productIdsOf(requested)), requested, options);
}

/** `priceLines` on rows already read (placing an order reads them in its first statement, with the address). */
export function priceRows(rows: CartRow[], requested: Line[], options: { checkStock?: boolean } = {}): PricedCart {
  type ProductRow = CartRow['product'];
  type VariantRow = NonNullable<CartRow['variant']>;
  const productById = new Map<string, ProductRow>();
  const variantsByProduct = new Map<string, VariantRow[]>();
  for (const { product, variant } of rows) {
    productById.set(product.id, product);
    if (variant) variantsByProduct.set(product.id, [...(variantsByProduct.get(product.id) ?? []), variant]);
  }

  const errors: Record<string, FieldRefusal> = {};
  const lines: PricedLine[] = [];
  requested.forEach((line, index) => {
    const product = productById.get(line.productId.toLowerCase());
    if (!product) {
      errors[`items.${index}.productId`] = fieldRefusal('product_unavailable', { line: index + 1 });
      return;
    }
    const variants = variantsByProduct.get(product.id) ?? [];
    const base = {
      index,
      productId: product.id,
      name: product.name,
      slug: product.slug,
      image: product.images[0] ?? null,
      quantity: line.quantity,
      cod: product.cod,
      customization: product.customizationType ? { type: product.customizationType, mediaLimit: Math.max(1, product.mediaLimit) } : null,
    };
    if (line.variantId === null) {
      if (variants.length > 0) {
        errors[`items.${index}.variantId`] = fieldRefusal('needs_variant', { name: product.name });
        return;
      }
      lines.push({ ...base, variantId: null, attributes: {}, sku: null, price: product.price, mrp: product.mrp, stock: product.stock });
      return;
    }
    if (variants.length === 0) {
      errors[`items.${index}.variantId`] = fieldRefusal('no_variants', { name: product.name });
      return;
    }
    const variant = variants.find((candidate) => candidate.id === line.variantId?.toLowerCase());
    if (!variant) {
      errors[`items.${index}.variantId`] = fieldRefusal('variant_unavailable', { name: product.name });
      return;
    }
    lines.push({
      ...base,
      variantId: variant.id,
      attributes: variant.attributes,
      sku: variant.sku,
      price: variant.price,
      mrp: variant.mrp,
      stock: variant.stock,
    });
  });

  const [first] = Object.values(errors);
  if (first) throw refusalOf(first, errors);

  const short = options.checkStock === false ? [] : lines.filter((line) => line.quantity > line.stock);
  if (short.length > 0) throw outOfStock(short.map((line) => ({ ...line, left: line.stock })));

  // Spec §3: a line's price is its price, else its mrp (prices are never null here, so the price).
  const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const totalMrp = lines.reduce((sum, line) => sum + line.mrp * line.quantity, 0);
  // Within what the order's money columns hold; the mrp total is never below the price total.
  if (Math.max(total, totalMrp) > MAX_ORDER_VALUE_PAISE) throw new Refusal('order_too_large', { params: { limit: MAX_ORDER_VALUE_PAISE } });
  return { lines, total, totalMrp, totalItems: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** The whole request refused as its first line is, every line's own refusal in `errors`. */
function refusalOf(first: FieldRefusal, errors: Record<string, FieldRefusal>): Refusal {
  return new Refusal(first.code as never, { params: first.params, errors });
}

/** `out_of_stock` (409) naming each line short of stock and what is left of it; the whole refusal names the first. */
export function outOfStock(short: Array<Pick<PricedLine, 'index' | 'name' | 'attributes'> & { left: number }>): Refusal {
  const errors: Record<string, FieldRefusal> = {};
  for (const line of short) errors[`items.${line.index}.quantity`] = fieldRefusal('out_of_stock', { name: lineLabel(line), left: Math.max(0, line.left) });
  return refusalOf(Object.values(errors)[0] as FieldRefusal, errors);
}
