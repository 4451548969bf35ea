import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { commonColumns, type StoredImage, tsvector } from './columns.ts';

export const categories = pgTable(
  'categories',
  {
    ...commonColumns,
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    image: jsonb('image').$type<StoredImage>(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

export const brands = pgTable(
  'brands',
  {
    ...commonColumns,
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: jsonb('image').$type<StoredImage>(),
  },
  (t) => [uniqueIndex('brands_slug_idx').on(t.slug)],
);

export const sliders = pgTable('sliders', {
  ...commonColumns,
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image: jsonb('image').$type<StoredImage>().notNull(),
  link: text('link').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export type CustomisationType = 'text' | 'image' | 'both';

export const products = pgTable(
  'products',
  {
    ...commonColumns,
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** Paise. For a product with variants: the lowest variant price, kept in step by whoever writes variants. */
    price: integer('price').notNull(),
    /** Paise; the base price a discount is measured from. */
    mrp: integer('mrp').notNull(),
    /**
     * Whole percent off mrp, derived so "sort by discount" can use an index. Computed in bigint: (mrp - price) * 100
     * passes the integer range once mrp is ₹2.15 lakh above the price, and the insert would fail (found by the fuzzer).
     */
    discountPercent: integer('discount_percent')
      .notNull()
      .generatedAlwaysAs(sql`case when mrp > price and mrp > 0 then (((mrp - price)::bigint * 100) / mrp)::integer else 0 end`),
    /** Units on hand; for a product with variants, the sum of its variants' stock. */
    stock: integer('stock').notNull().default(0),
    /**
     * Nothing left to sell. Every listing sorts by this first (available before sold out, decision 075), so it leads
     * each sort index; a generated column keeps it in step with stock without anyone having to remember.
     */
    soldOut: boolean('sold_out')
      .notNull()
      .generatedAlwaysAs(sql`stock <= 0`),
    /** false: this product cannot be paid for on delivery (spec §3). */
    cod: boolean('cod').notNull().default(true),
    customizationType: text('customization_type').$type<CustomisationType>(),
    mediaLimit: integer('media_limit').notNull().default(1),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Denormalised "name:value" pairs (lower case) of every variant, for attribute filters on one GIN index. */
    attributeValues: text('attribute_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hsnCode: text('hsn_code').notNull().default(''),
    /** GST in basis points (300 = 3%). */
    gstRate: integer('gst_rate').notNull().default(0),
    /** The packed parcel (issue 22, decision 084): grams and centimetres; 0 = the shop's default parcel. */
    weightGrams: integer('weight_grams').notNull().default(0),
    lengthCm: integer('length_cm').notNull().default(0),
    breadthCm: integer('breadth_cm').notNull().default(0),
    heightCm: integer('height_cm').notNull().default(0),
    /** Working days to make this product before it can be dispatched (issue 22, decision 080; 0 = ready stock). */
    madeToOrderDays: integer('made_to_order_days').notNull().default(2),
    /** Staff send a proof the customer approves before this is made (issue 24); copied onto each order that sells it. */
    needsProof: boolean('needs_proof').notNull().default(false),
    ratingAverage: real('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    unitsSold: integer('units_sold').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    flashSaleEndsAt: timestamp('flash_sale_ends_at', { withTimezone: true }),
    newArrival: boolean('new_arrival').notNull().default(false),
    isUnique: boolean('is_unique').notNull().default(false),
    onSelling: boolean('on_selling').notNull().default(false),
    published: boolean('published').notNull().default(true),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', shop_join_words(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex('products_slug_idx').on(t.slug),
    // A category page sorts by one of five orders; each gets an index led by category_id so a page reads
    // only its category's rows, already in order (a price-only index made PostgreSQL scan 70k rows). Every order
    // puts available products before sold-out ones (decision 075), so sold_out comes right after the category. Every
    // order ends on the id, so products that tie on the key keep one order from page to page (decision 140).
    index('products_category_created_idx').on(t.categoryId, t.soldOut, t.createdAt.desc(), t.id.desc()),
    index('products_category_price_idx').on(t.categoryId, t.soldOut, t.price, t.id),
    // Price high to low keeps sold_out ascending, so it cannot read the ascending index backwards.
    index('products_category_price_desc_idx').on(t.categoryId, t.soldOut, t.price.desc(), t.id.desc()),
    index('products_category_units_sold_idx').on(t.categoryId, t.soldOut, t.unitsSold.desc(), t.id.desc()),
    index('products_category_discount_idx').on(t.categoryId, t.soldOut, t.discountPercent.desc(), t.id.desc()),
    // Counting a category page's matches (up to the total cap) reads only this index, never the table:
    // price and stock are the filters a listing counts with. 6.3 ms -> 0.5 ms on a 2,440-product category.
    index('products_category_count_idx')
      .on(t.categoryId, t.price, t.stock)
      .where(sql`${t.published}`),
    index('products_brand_created_idx').on(t.brandId, t.soldOut, t.createdAt.desc(), t.id.desc()),
    index('products_created_idx').on(t.soldOut, t.createdAt.desc(), t.id.desc()),
    index('products_price_idx').on(t.soldOut, t.price, t.id),
    index('products_price_desc_idx').on(t.soldOut, t.price.desc(), t.id.desc()),
    index('products_units_sold_idx').on(t.soldOut, t.unitsSold.desc(), t.id.desc()),
    index('products_discount_idx').on(t.soldOut, t.discountPercent.desc(), t.id.desc()),
    // fastupdate off: with it on, new rows wait in a pending list that every search scans linearly until a vacuum
    // (144 pages after seeding 100k products: a one-word search went from 0.04 ms to 0.8 ms). Staff edit products
    // a few at a time, so writing each row's entries straight into the index costs nothing that matters (decision 092).
    index('products_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_attribute_values_idx').using('gin', t.attributeValues),
    index('products_featured_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.featured}`),
    index('products_flash_sale_idx')
      .on(t.flashSaleEndsAt, t.id)
      .where(sql`${t.flashSaleEndsAt} is not null`),
    index('products_new_arrival_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.newArrival}`),
    index('products_unique_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.isUnique}`),
    index('products_on_selling_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.onSelling}`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    ...commonColumns,
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** Attribute name to value, e.g. { "Colour": "Rose Gold", "Size": "M" }. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    price: integer('price').notNull(),
    mrp: integer('mrp').notNull(),
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('product_variants_sku_idx').on(t.sku), index('product_variants_product_idx').on(t.productId)],
);

/**
 * Shoppers' other spellings of the catalogue's words (decision 076): each row is one group of equivalent words or
 * phrases ("rakhi", "raakhi", "rakhee"; "nameplate", "name plate"). A search for any member also looks for the
 * others. Staff edit the groups in the back office (/admin/search-synonyms); lower case, as the search compares.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  ...commonColumns,
  terms: text('terms').array().notNull(),
});

/**
 * Every word of a product's name and tags, lower case: the words a misspelt search word is corrected towards.
 * Filled by statement triggers on products (migration; a bulk insert costs one grouped insert) and never pruned: a
 * word no product uses any more only costs a correction that matches nothing.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/**
 * The search lexicon's generation: one row, whose number triggers add one to in the transaction that changes
 * search_words or search_synonyms (migration 0029), so it commits with the change. Each API process holds the lexicon
 * it read with this number and reads the number alone on every search (one primary-key row, however large the
 * vocabulary grows) to know whether to read the lexicon again (decision 131).
 */
export const searchLexiconState = pgTable('search_lexicon', {
  id: integer('id').primaryKey().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});
