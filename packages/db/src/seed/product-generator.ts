import type { StoredImage } from '../schema/columns.ts';
import type { productVariants, products } from '../schema/catalogue.ts';
import type { ProductTemplate, VariantAxis } from './product-templates.ts';
import { createRandom, type Random } from './random.ts';
import { slugify } from './slugify.ts';

export type ProductRow = typeof products.$inferInsert & { id: string; slug: string; price: number; mrp: number; stock: number };
export type VariantRow = typeof productVariants.$inferInsert & { id: string; price: number; mrp: number; stock: number };

export interface LeafInput {
  id: string;
  slug: string;
  parentSlug: string;
  template: ProductTemplate;
  images: StoredImage[];
}

interface GeneratorInput {
  leaves: LeafInput[];
  /** Brand ids by top-level category slug, plus the fast-fashion brand id for clothing. */
  brandsByParent: Map<string, string[]>;
  fastFashionBrandId: string;
  count: number;
  seed: number;
  /** Time the catalogue is dated from: creation times lie before it, flash sales end after it. */
  now: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const generic = [
  'Handmade in small batches by artisans across India.',
  'Gift wrapping and a message card are free on request.',
  'Ships in 2–4 working days from our studio.',
  'Every order is checked by hand before it is packed.',
  'Made from materials we source from small suppliers.',
];

/** A price in rupees that looks like a shop price: ends in 9 (₹499, ₹1,299). */
function shopPrice(rupees: number): number {
  const step = rupees >= 1000 ? 100 : 50;
  return Math.max(step, Math.round(rupees / step) * step) - 1;
}

function mrpFor(random: Random, price: number): number {
  if (random.chance(0.35)) return price;
  return shopPrice(price * (1.15 + random.next() * 0.65));
}

/** Several values of an axis: sizes keep their order, colours and materials are a random few. */
function axisValues(random: Random, axis: VariantAxis): { value: string; step: number }[] {
  const indexed = axis.values.map((value, i) => ({ value, step: axis.steps?.[i] ?? 0, i }));
  const keep =
    axis.name === 'Size' ? indexed.slice(0, Math.max(2, random.int(2, indexed.length))) : random.sample(indexed, random.int(2, Math.min(4, indexed.length)));
  return keep.sort((a, b) => a.i - b.i).map(({ value, step }) => ({ value, step }));
}

function buildVariants(random: Random, axes: VariantAxis[], basePrice: number, mrpRatio: number, productId: string, sku: string): VariantRow[] {
  let combos: { attributes: Record<string, string>; step: number }[] = [{ attributes: {}, step: 0 }];
  for (const axis of axes) {
    const values = axisValues(random, axis);
    combos = combos.flatMap((combo) => values.map((v) => ({ attributes: { ...combo.attributes, [axis.name]: v.value }, step: combo.step + v.step })));
  }
  return combos.map((combo, position) => {
    const price = (basePrice + combo.step) * 100;
    const mrp = mrpRatio > 1 ? shopPrice((basePrice + combo.step) * mrpRatio) * 100 : price;
    return {
      id: random.uuid(),
      productId,
      sku: `${sku}-${position + 1}`,
      attributes: combo.attributes,
      price,
      mrp: Math.max(mrp, price),
      stock: random.chance(0.12) ? 0 : random.int(1, 40),
      position,
    };
  });
}

function description(random: Random, name: string, template: ProductTemplate, customised: boolean): string {
  const parts = [`${name}.`, ...random.sample(template.details, 2), random.pick(generic)];
  if (customised) parts.push('Personalised after you order: send us your text or photos and we confirm the design before making it.');
  return parts.join(' ');
}

/**
 * Yields `count` products with their variants, one at a time so a 100,000-product catalogue never
 * sits in memory at once. The same seed and input give the same catalogue.
 */
export function* generateProducts(input: GeneratorInput): Generator<{ product: ProductRow; variants: VariantRow[] }> {
  const random = createRandom(input.seed);
  const usedNames = new Set<string>();
  const slugCounts = new Map<string, number>();
  const now = input.now.getTime();

  for (let index = 0; index < input.count; index++) {
    // Round robin over leaves so every category gets its share, however many products are asked for.
    const leaf = input.leaves[index % input.leaves.length] as LeafInput;
    const t = leaf.template;

    let name = '';
    for (let attempt = 0; attempt < 6; attempt++) {
      name = `${random.pick(t.items)} – ${random.pick(t.styles)}`;
      if (!usedNames.has(name)) break;
    }
    usedNames.add(name);
    const baseSlug = slugify(name);
    const seen = slugCounts.get(baseSlug) ?? 0;
    slugCounts.set(baseSlug, seen + 1);
    const slug = seen === 0 ? baseSlug : `${baseSlug}-${seen + 1}`;

    const id = random.uuid();
    const sku = `KG-${leaf.slug
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 6)
      .toUpperCase()}-${String(index + 1).padStart(6, '0')}`;
    const basePrice = shopPrice(t.price[0] + random.next() * (t.price[1] - t.price[0]));
    const baseMrp = mrpFor(random, basePrice);
    // A product whose name promises a name, photo or engraving is always customisable.
    const promisesPersonal = /personalised|custom|name|engraved|photo|initial|monogram|handwriting/i.test(name);
    const customised = t.custom.types.length > 0 && (random.chance(t.custom.chance) || promisesPersonal);
    // A photo product asks for a picture when its category allows one.
    const photoTypes = /photo/i.test(name) ? t.custom.types.filter((type) => type !== 'text') : [];
    const customizationType = customised ? random.pick(photoTypes.length > 0 ? photoTypes : t.custom.types) : null;
    const mediaLimit = customizationType === 'image' || customizationType === 'both' ? random.int(1, 3) : 1;
    const isThrift = leaf.slug === 'thrift';

    const axesChoice = t.variants && !isThrift && random.chance(0.5) ? random.pick(t.variants) : null;
    const variants = axesChoice ? buildVariants(random, axesChoice, basePrice, baseMrp / basePrice, id, sku) : [];

    let price = basePrice * 100;
    let mrp = baseMrp * 100;
    let stock = isThrift ? (random.chance(0.2) ? 0 : 1) : random.chance(0.08) ? 0 : random.int(1, 150);
    let attributeValues: string[] = [];
    if (variants.length > 0) {
      const cheapest = variants.reduce((a, b) => (b.price < a.price ? b : a));
      price = cheapest.price;
      mrp = cheapest.mrp;
      stock = variants.reduce((sum, v) => sum + v.stock, 0);
      const pairs = new Set<string>();
      for (const v of variants) for (const [k, val] of Object.entries(v.attributes)) pairs.add(`${k}:${val}`.toLowerCase());
      attributeValues = [...pairs];
    }

    const createdAt = new Date(now - random.int(0, 180) * DAY - random.int(0, 23) * HOUR - random.int(0, 59) * 60_000);
    // Products start without ratings: a rating comes only from published reviews (issue 25; the trigger of migration
    // 0012). The old invented rating's draws are still made, so every other generated value stays as it was.
    if (random.chance(0.75)) void [random.next(), random.next()];
    const gst = Array.isArray(t.gst) ? (price <= 100_000 ? t.gst[0] : t.gst[1]) : t.gst;
    const brandPool =
      leaf.parentSlug === 'clothing' && !isThrift && random.chance(0.45) ? [input.fastFashionBrandId] : (input.brandsByParent.get(leaf.parentSlug) ?? []);
    const style = name.split(' – ')[1]?.toLowerCase() ?? '';
    const tags = [...new Set([...random.sample(t.tags, random.int(2, t.tags.length)), style, ...(customised ? ['personalised'] : []), 'handmade'])];

    const product: ProductRow = {
      id,
      name,
      slug,
      description: description(random, name, t, customised),
      images: random.sample(leaf.images, random.int(1, 4)).map((image) => ({ ...image, alt: name })),
      categoryId: leaf.id,
      brandId: brandPool.length > 0 && random.chance(0.7) ? random.pick(brandPool) : null,
      price,
      mrp,
      stock,
      cod: random.chance(t.cod ?? 0.8),
      customizationType,
      mediaLimit,
      tags,
      attributeValues,
      hsnCode: t.hsn,
      gstRate: gst,
      weightGrams: random.int(t.weight[0], t.weight[1]),
      ratingAverage: 0,
      ratingCount: 0,
      unitsSold: Math.floor(random.next() ** 3 * 2500),
      featured: random.chance(0.12),
      // Only discounted products run a flash sale, so the sale shows a price cut.
      flashSaleEndsAt: mrp > price && random.chance(0.16) ? new Date(now + random.int(2, 6 * 24) * HOUR) : null,
      newArrival: now - createdAt.getTime() < 21 * DAY || random.chance(0.05),
      isUnique: isThrift || random.chance(0.06),
      onSelling: random.chance(0.15),
      published: true,
      createdAt,
      updatedAt: createdAt,
    };
    for (const v of variants) {
      v.createdAt = createdAt;
      v.updatedAt = createdAt;
    }
    yield { product, variants };
  }
}
