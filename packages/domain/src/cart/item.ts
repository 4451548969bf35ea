import type { Paise } from '../money.ts';

/**
 * A cart line (spec §3 "Cart item"). Plain TypeScript with type-only imports, so the storefront's client bundle
 * gets the cart rules without the zod schemas of the catalogue contract.
 */

export interface CartItemCustomisation {
  type: 'text' | 'image' | 'both';
  mediaLimit: number;
}

/** What a line is made of before it has a quantity: the product (and variant) as the shopper chose it. */
export interface CartLine {
  /** Product `_id`, or `_id` joined with the chosen attribute values by '.' (spec §3). */
  id: string;
  productId: string;
  /** The chosen variant's `_id`; null for a product without variants. The order API takes it per line. */
  variantId: string | null;
  name: string;
  slug: string;
  /** The product's original image URL, or null when it has none. */
  image: string | null;
  /** The selling price: price, else mrp (spec §3). */
  price: Paise;
  mrp: Paise;
  /** Variant name to value, e.g. { Colour: 'Red', Size: 'M' }; empty without variants. */
  attributes: Record<string, string>;
  /** False: this line rules out cash on delivery for the whole cart. */
  cod: boolean;
  /** Units in stock when the line was added or last refreshed: caps the drawer's + control. The server decides. */
  stock: number;
  product_customization: CartItemCustomisation | null;
  /**
   * Issue 24 (decision 107): what the shopper chose in the live preview, for a product with a template: a text per
   * text box, an uploaded photo's id per photo box, and the rendered preview's upload id. One per line: adding the
   * product again with other values replaces them.
   */
  personalisation?: CartPersonalisation;
}

export interface CartPersonalisation {
  texts: Record<string, string>;
  photos: Record<string, string>;
  previewId: string;
}

export interface CartItem extends CartLine {
  quantity: number;
  /** price × quantity */
  itemTotal: Paise;
  /** mrp × quantity */
  itemMrp: Paise;
}

/** The product fields a line needs; the catalogue's ProductDetail and CartProduct both fit. */
export interface CartProductInput {
  _id: string;
  name: string;
  slug: string;
  image: { original: string } | null;
  price: Paise;
  mrp: Paise;
  cod: boolean;
  stock: number;
  product_customization: CartItemCustomisation | null;
}

export interface CartVariantInput {
  _id: string;
  attributes: Record<string, string>;
  price: Paise;
  mrp: Paise;
  stock: number;
}

/** Spec §3: the product `_id`, or the `_id` joined with the chosen attribute values by '.'. */
export function cartItemId(productId: string, attributes: Record<string, string> = {}): string {
  const values = Object.values(attributes);
  return values.length === 0 ? productId : [productId, ...values].join('.');
}

/** The product part of a cart item id: everything before the first dot (product ids hold no dot). */
export function productIdOfItem(itemId: string): string {
  const dot = itemId.indexOf('.');
  return dot === -1 ? itemId : itemId.slice(0, dot);
}

/** Spec §3: price is the price, else the mrp (a product listed only at its base price). */
export function sellingPrice(price: Paise, mrp: Paise): Paise {
  return price > 0 ? price : mrp;
}

/**
 * The line for a product, or for one of its variants (which brings its own price, mrp, stock and attributes).
 * `attributes` overrides the variant's when given: the refresh re-adds a line with the attributes it was saved with.
 */
export function cartLineOf(product: CartProductInput, variant?: CartVariantInput | null, attributes?: Record<string, string>): CartLine {
  const chosen = attributes ?? variant?.attributes ?? {};
  const price = variant ? variant.price : product.price;
  const mrp = variant ? variant.mrp : product.mrp;
  return {
    id: cartItemId(product._id, chosen),
    productId: product._id,
    variantId: variant?._id ?? null,
    name: product.name,
    slug: product.slug,
    image: product.image?.original ?? null,
    price: sellingPrice(price, mrp),
    mrp: mrp > 0 ? mrp : price,
    attributes: { ...chosen },
    cod: product.cod,
    stock: variant ? variant.stock : product.stock,
    product_customization: product.product_customization ? { ...product.product_customization } : null,
  };
}

/** A line with its quantity and the two per-line totals of spec §3. */
export function withQuantity(line: CartLine, quantity: number): CartItem {
  return { ...line, quantity, itemTotal: line.price * quantity, itemMrp: line.mrp * quantity };
}

/** Attributes after the name, comma-joined (spec §2): "Red, M". Empty for a line without attributes. */
export function attributesLabel(attributes: Record<string, string>): string {
  return Object.values(attributes).join(', ');
}

/** A line's name as the cart shows it: the product name, then its attributes comma-joined ("Cushion - Red, M"). */
export function cartItemName(line: Pick<CartLine, 'name' | 'attributes'>): string {
  const attributes = attributesLabel(line.attributes);
  return attributes ? `${line.name} - ${attributes}` : line.name;
}
