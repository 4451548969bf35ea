import { brands, categories, type Database, products, productVariants, siteSettings, sliders, type StoredImage } from '@shop/db';

/**
 * A small catalogue written straight into the tables, so the API suites do not depend on the big
 * seed. Every value a test asserts on is defined here.
 */

const image = (name: string): StoredImage => ({
  id: name,
  original: `/api/media/catalogue/${name}.webp`,
  width: 800,
  height: 800,
  alt: name,
});

const minutesAgo = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + (10_000 - minutes) * 60_000);

export const settingsFixture = {
  name: 'Test Gift Shop',
  description: 'Handmade and personalised gifts',
  author: 'Test Author',
  logo: '/api/media/logo.svg',
  tollFreeNumber: '1800-000-000',
  contactEmail: 'hello@example.test',
  chatWidgetId: null,
  analyticsId: 'G-TEST',
  headerMenu: [
    {
      id: 'personalised-gifts',
      path: '/category/personalised-gifts',
      label: 'Personalised Gifts',
      subMenu: [{ id: 'keychains', path: '/category/keychains', label: 'Keychains' }],
    },
    { id: 'categories', path: '/category', label: 'Categories' },
  ],
  mobileMenu: [{ id: 'categories', path: '/category', label: 'Categories' }],
};

export interface Fixtures {
  categories: Record<'personalised' | 'keychains' | 'lamps' | 'jewellery' | 'necklaces' | 'rings' | 'clothing', { id: string; slug: string }>;
  brands: Record<'aurora' | 'thrift', { id: string; slug: string }>;
  /** Published products by key, with the values tests compare against. */
  products: Record<string, { id: string; slug: string; price: number; createdAt: Date; unitsSold: number; discountPercent: number }>;
  draft: { id: string; slug: string };
}

interface ProductInput {
  key: string;
  name: string;
  category: keyof Fixtures['categories'];
  brand?: keyof Fixtures['brands'];
  price: number;
  mrp: number;
  stock: number;
  unitsSold: number;
  minutesAgo: number;
  description?: string;
  tags?: string[];
  cod?: boolean;
  customizationType?: 'text' | 'image' | 'both';
  mediaLimit?: number;
  featured?: boolean;
  newArrival?: boolean;
  isUnique?: boolean;
  onSelling?: boolean;
  flashSaleEndsAt?: Date;
  published?: boolean;
  variants?: { sku: string; attributes: Record<string, string>; price: number; mrp: number; stock: number }[];
}

const hour = 3_600_000;

const productInputs: ProductInput[] = [
  {
    key: 'photoKeychain',
    name: 'Personalised Photo Keychain',
    category: 'keychains',
    price: 29_900,
    mrp: 49_900,
    stock: 10,
    unitsSold: 50,
    minutesAgo: 70,
    description: 'An acrylic keychain printed with your photo.',
    tags: ['keychain', 'photo'],
    customizationType: 'image',
    mediaLimit: 1,
    featured: true,
  },
  {
    key: 'nameKeychain',
    name: 'Wooden Name Keychain',
    category: 'keychains',
    price: 19_900,
    mrp: 19_900,
    stock: 0,
    unitsSold: 5,
    minutesAgo: 10,
    tags: ['keychain', 'wood'],
    customizationType: 'text',
    newArrival: true,
  },
  {
    key: 'moonLamp',
    name: 'Moon Lamp',
    category: 'lamps',
    price: 99_900,
    mrp: 149_900,
    stock: 3,
    unitsSold: 120,
    minutesAgo: 60,
    description: 'A glowing moon for the bedside table.',
    tags: ['lamp', 'night light'],
    onSelling: true,
    flashSaleEndsAt: new Date(Date.now() + 2 * hour),
  },
  {
    key: 'cubeLamp',
    name: 'Photo Cube Lamp',
    category: 'lamps',
    price: 149_900,
    mrp: 149_900,
    stock: 7,
    unitsSold: 10,
    minutesAgo: 50,
    tags: ['lamp'],
    isUnique: true,
    // An ended flash sale must not be listed.
    flashSaleEndsAt: new Date(Date.now() - hour),
    featured: true,
  },
  {
    key: 'roseNecklace',
    name: 'Rose Gold Name Necklace',
    category: 'necklaces',
    brand: 'aurora',
    price: 99_900,
    mrp: 159_900,
    stock: 9,
    unitsSold: 80,
    minutesAgo: 40,
    tags: ['necklace', 'name'],
    customizationType: 'text',
    cod: false,
    flashSaleEndsAt: new Date(Date.now() + hour),
    variants: [
      { sku: 'NECK-RG', attributes: { Colour: 'Rose Gold' }, price: 129_900, mrp: 159_900, stock: 4 },
      { sku: 'NECK-SL', attributes: { Colour: 'Silver' }, price: 99_900, mrp: 159_900, stock: 5 },
    ],
  },
  {
    key: 'silverRing',
    name: 'Silver Band Ring',
    category: 'rings',
    brand: 'aurora',
    price: 59_900,
    mrp: 69_900,
    stock: 6,
    unitsSold: 30,
    minutesAgo: 30,
    tags: ['ring'],
    isUnique: true,
    variants: [
      { sku: 'RING-6', attributes: { Colour: 'Silver', Size: '6' }, price: 59_900, mrp: 69_900, stock: 2 },
      { sku: 'RING-7', attributes: { Colour: 'Silver', Size: '7' }, price: 59_900, mrp: 69_900, stock: 2 },
      { sku: 'RING-8', attributes: { Colour: 'Silver', Size: '8' }, price: 64_900, mrp: 69_900, stock: 2 },
    ],
  },
  {
    key: 'frock',
    name: 'Cotton Frock',
    category: 'clothing',
    brand: 'thrift',
    price: 79_900,
    mrp: 99_900,
    stock: 4,
    unitsSold: 20,
    minutesAgo: 20,
    tags: ['frock', 'cotton'],
    cod: false,
    newArrival: true,
    onSelling: true,
    variants: [
      { sku: 'FROCK-S', attributes: { Size: 'S', Colour: 'Red' }, price: 79_900, mrp: 99_900, stock: 2 },
      { sku: 'FROCK-M', attributes: { Size: 'M', Colour: 'Red' }, price: 79_900, mrp: 99_900, stock: 2 },
    ],
  },
  {
    key: 'draft',
    name: 'Draft Keychain Prototype',
    category: 'keychains',
    price: 9_900,
    mrp: 9_900,
    stock: 100,
    unitsSold: 999,
    minutesAgo: 1,
    tags: ['keychain'],
    featured: true,
    newArrival: true,
    published: false,
  },
];

const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function insertFixtures(db: Database): Promise<Fixtures> {
  await db.insert(siteSettings).values(settingsFixture);

  const insertCategory = async (name: string, position: number, options: { parentId?: string; featured?: boolean } = {}) => {
    const [row] = await db
      .insert(categories)
      .values({ name, slug: slugify(name), description: `${name} made by hand`, image: image(slugify(name)), position, ...options })
      .returning({ id: categories.id, slug: categories.slug });
    return row!;
  };
  const personalised = await insertCategory('Personalised Gifts', 1, { featured: true });
  const jewellery = await insertCategory('Jewellery', 2, { featured: true });
  const clothing = await insertCategory('Clothing', 3);
  const keychains = await insertCategory('Keychains', 1, { parentId: personalised.id, featured: true });
  const lamps = await insertCategory('Lamps', 2, { parentId: personalised.id });
  const necklaces = await insertCategory('Necklaces', 1, { parentId: jewellery.id });
  const rings = await insertCategory('Rings', 2, { parentId: jewellery.id });
  const categoryIds = { personalised, keychains, lamps, jewellery, necklaces, rings, clothing };

  const brandRows = await db
    .insert(brands)
    .values([
      { name: 'Aurora Jewels', slug: 'aurora', image: image('aurora') },
      { name: 'Thrift Lane', slug: 'thrift-lane', image: null },
    ])
    .returning({ id: brands.id, slug: brands.slug });
  const brandIds = { aurora: brandRows[0]!, thrift: brandRows[1]! };

  await db.insert(sliders).values([
    { title: 'Gifts that say their name', subtitle: 'Personalised in 48 hours', image: image('slide-1'), link: '/category/personalised-gifts', position: 1 },
    { title: 'Jewellery', subtitle: '', image: image('slide-2'), link: '/category/jewellery', position: 2 },
    { title: 'Hidden slide', subtitle: '', image: image('slide-3'), link: '/', position: 0, active: false },
  ]);

  const result: Fixtures['products'] = {};
  let draft: Fixtures['draft'] | undefined;
  for (const input of productInputs) {
    const createdAt = minutesAgo(input.minutesAgo);
    const attributeValues = [...new Set((input.variants ?? []).flatMap((v) => Object.entries(v.attributes).map(([k, val]) => `${k}:${val}`.toLowerCase())))];
    const [row] = await db
      .insert(products)
      .values({
        name: input.name,
        slug: slugify(input.name),
        description: input.description ?? `${input.name}, handmade.`,
        images: [image(`${slugify(input.name)}-1`), image(`${slugify(input.name)}-2`)],
        categoryId: categoryIds[input.category].id,
        brandId: input.brand ? brandIds[input.brand].id : null,
        price: input.price,
        mrp: input.mrp,
        stock: input.stock,
        cod: input.cod ?? true,
        customizationType: input.customizationType ?? null,
        mediaLimit: input.mediaLimit ?? 1,
        tags: input.tags ?? [],
        attributeValues,
        hsnCode: '7117',
        gstRate: 300,
        weightGrams: 120,
        // No reviews, so no rating (issue 25: a rating comes only from published reviews).
        ratingAverage: 0,
        ratingCount: 0,
        unitsSold: input.unitsSold,
        featured: input.featured ?? false,
        flashSaleEndsAt: input.flashSaleEndsAt ?? null,
        newArrival: input.newArrival ?? false,
        isUnique: input.isUnique ?? false,
        onSelling: input.onSelling ?? false,
        published: input.published ?? true,
        createdAt,
      })
      .returning({ id: products.id, slug: products.slug, discountPercent: products.discountPercent });
    if (input.variants) {
      await db.insert(productVariants).values(input.variants.map((variant, position) => ({ ...variant, productId: row!.id, position })));
    }
    if (input.published === false) draft = { id: row!.id, slug: row!.slug };
    else
      result[input.key] = {
        id: row!.id,
        slug: row!.slug,
        price: input.price,
        createdAt,
        unitsSold: input.unitsSold,
        discountPercent: row!.discountPercent,
      };
  }
  return { categories: categoryIds, brands: brandIds, products: result, draft: draft! };
}
