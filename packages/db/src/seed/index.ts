import { count, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import type { StoredImage } from '../schema/columns.ts';
import { brands, categories, productVariants, products, sliders } from '../schema/catalogue.ts';
import { coupons } from '../schema/orders.ts';
import { siteSettings } from '../schema/settings.ts';
import { brandDefs } from './brands.ts';
import { categoryTree } from './category-tree.ts';
import { couponSeed } from './coupons.ts';
import { seedEngagement } from './engagement.ts';
import { brandJob, categoryJob, leafPoolJobs, logoJob, sliderJob } from './image-plan.ts';
import { type ImageJob, renderImages } from './images.ts';
import { buildHeaderMenu, buildMobileMenu, fastFashionBrand } from './menus.ts';
import { generateProducts, type LeafInput, type ProductRow, type VariantRow } from './product-generator.ts';
import { createRandom } from './random.ts';
import { buildSiteSettings, shopName } from './site-settings.ts';
import { sliderDefs } from './sliders.ts';

interface SeedOptions {
  /** Folder catalogue images are written to (`${DATA_DIR}/media`); files land in its `catalogue/` folder. */
  mediaDir: string;
  /** Number of products; default 320. */
  products?: number;
  log?: (message: string) => void;
  /** Seed of the pseudo-random generator; the default gives the shop's standard catalogue. */
  seed?: number;
  /** Time the catalogue is dated from (creation times before it, flash sales after it); default now. */
  now?: Date;
}

interface SeedResult {
  categories: number;
  products: number;
}

export const defaultProductCount = 320;
const defaultSeed = 20_240_915;
const batchSize = 1000;

export class CatalogueAlreadySeededError extends Error {
  constructor() {
    super(
      'The catalogue is already seeded: the database has site settings, categories or products. Seed an empty database, or reset the catalogue first (npm run seed -- --reset).',
    );
    this.name = 'CatalogueAlreadySeededError';
  }
}

/** True once the site settings row exists; the seed writes it last, so it marks a finished seed. */
export async function isCatalogueSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ n: count() }).from(siteSettings);
  return (rows[0]?.n ?? 0) > 0;
}

async function isEmpty(db: Database): Promise<boolean> {
  // One after another: inside a transaction the queries share one connection.
  for (const table of [siteSettings, categories, products]) {
    const rows = await db.select({ n: count() }).from(table);
    if ((rows[0]?.n ?? 0) > 0) return false;
  }
  return true;
}

/**
 * Fills an empty database with the shop's catalogue: site settings and menus, about 47 categories,
 * brands, sliders and `products` products with variants, plus their pictures rendered to
 * `mediaDir`. Refuses a database that already holds catalogue data. Runs in one transaction under
 * an advisory lock, so two API processes starting together cannot both seed.
 */
export async function seedCatalogue(db: Database, options: SeedOptions): Promise<SeedResult> {
  const productCount = options.products ?? defaultProductCount;
  if (!Number.isInteger(productCount) || productCount < 0) throw new RangeError(`products must be a whole number ≥ 0, got ${productCount}`);
  const log = options.log ?? (() => {});
  if (!(await isEmpty(db))) throw new CatalogueAlreadySeededError();

  const random = createRandom(options.seed ?? defaultSeed);
  const now = options.now ?? new Date();

  // Plan every row's id and picture first; ids come from the seeded generator, so runs repeat.
  const jobs: ImageJob[] = [];
  const logo = logoJob(shopName);
  jobs.push(logo);
  const categoryRows: (typeof categories.$inferInsert & { id: string })[] = [];
  const leafPlans: { leaf: Omit<LeafInput, 'images'>; pool: ImageJob[] }[] = [];
  const categoryImageJob = new Map<string, ImageJob>();
  categoryTree.forEach((parent, parentPosition) => {
    const parentId = random.uuid();
    const parentJob = categoryJob(parent.slug, parent.name, parent.motif);
    jobs.push(parentJob);
    categoryImageJob.set(parentId, parentJob);
    categoryRows.push({
      id: parentId,
      name: parent.name,
      slug: parent.slug,
      description: parent.description,
      parentId: null,
      position: parentPosition,
      featured: parent.featured ?? false,
    });
    parent.children.forEach((child, position) => {
      const id = random.uuid();
      const own = categoryJob(child.slug, child.name, child.motif);
      const pool = leafPoolJobs(child.slug, child.name, child.motif);
      jobs.push(own, ...pool);
      categoryImageJob.set(id, own);
      categoryRows.push({ id, name: child.name, slug: child.slug, description: child.description, parentId, position, featured: child.featured ?? false });
      leafPlans.push({ leaf: { id, slug: child.slug, parentSlug: parent.slug, template: child.template }, pool });
    });
  });
  const brandRows = brandDefs.map((brand) => ({ id: random.uuid(), def: brand, job: brandJob(brand.slug, brand.name, brand.motif) }));
  const sliderRows = sliderDefs.map((slider, index) => ({ id: random.uuid(), def: slider, job: sliderJob(index, slider.title, slider.motifs) }));
  jobs.push(...brandRows.map((b) => b.job), ...sliderRows.map((s) => s.job));

  const started = Date.now();
  const images = await renderImages(options.mediaDir, jobs);
  const image = (job: ImageJob): StoredImage => images.get(job.name) as StoredImage;
  log(`rendered ${jobs.length} images in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const brandsByParent = new Map<string, string[]>();
  for (const { id, def } of brandRows) {
    if (def.slug === fastFashionBrand.slug) continue;
    for (const parent of def.parents) brandsByParent.set(parent, [...(brandsByParent.get(parent) ?? []), id]);
  }
  const fastFashionBrandId = brandRows.find((b) => b.def.slug === fastFashionBrand.slug)?.id as string;

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-catalogue-seed'))`);
    if (!(await isEmpty(tx))) throw new CatalogueAlreadySeededError();

    const withImages = categoryRows.map((row) => ({ ...row, image: image(categoryImageJob.get(row.id) as ImageJob), createdAt: now, updatedAt: now }));
    await tx.insert(categories).values(withImages.filter((row) => row.parentId === null));
    await tx.insert(categories).values(withImages.filter((row) => row.parentId !== null));
    await tx.insert(brands).values(brandRows.map(({ id, def, job }) => ({ id, name: def.name, slug: def.slug, image: image(job) })));
    await tx.insert(sliders).values(
      sliderRows.map(({ id, def, job }, position) => ({
        id,
        title: def.title,
        subtitle: def.subtitle,
        link: def.link,
        image: image(job),
        position,
        active: true,
      })),
    );

    const productStarted = Date.now();
    let productBatch: ProductRow[] = [];
    let variantBatch: VariantRow[] = [];
    let written = 0;
    const flush = async () => {
      if (productBatch.length === 0) return;
      await tx.insert(products).values(productBatch);
      // Variants reference products, so they go in after their products' batch.
      for (let i = 0; i < variantBatch.length; i += batchSize) await tx.insert(productVariants).values(variantBatch.slice(i, i + batchSize));
      written += productBatch.length;
      productBatch = [];
      variantBatch = [];
      if (productCount >= 10 * batchSize && written % (10 * batchSize) === 0) log(`  ${written} / ${productCount} products`);
    };
    const generator = generateProducts({
      leaves: leafPlans.map(({ leaf, pool }) => ({ ...leaf, images: pool.map(image) })),
      brandsByParent,
      fastFashionBrandId,
      count: productCount,
      seed: random.int(1, 2 ** 31),
      now,
    });
    for (const { product, variants } of generator) {
      productBatch.push(product);
      variantBatch.push(...variants);
      if (productBatch.length >= batchSize) await flush();
    }
    await flush();
    log(`inserted ${written} products in ${((Date.now() - productStarted) / 1000).toFixed(1)} s`);

    // Coupons are not catalogue (a reset keeps them, orders point at them): a re-seed leaves existing codes alone.
    await tx.insert(coupons).values(couponSeed(now)).onConflictDoNothing({ target: coupons.code });
    await seedEngagement(tx, { now });

    // Written last: its presence is what isCatalogueSeeded() reports.
    const headerMenu = buildHeaderMenu();
    await tx.insert(siteSettings).values({ ...buildSiteSettings(image(logo).original), headerMenu, mobileMenu: buildMobileMenu(headerMenu) });
  });

  // Fresh planner statistics, so the first queries on a large catalogue pick the right indexes.
  await db.execute(sql`analyze categories, brands, sliders, products, product_variants`);
  return { categories: categoryRows.length, products: productCount };
}

export { resetCatalogue } from './reset.ts';
export { processesUsingFolder } from './pglite-in-use.ts';
export { buildHeaderMenu, buildMobileMenu, fastFashionBrand } from './menus.ts';
export { categoryTree, leafCategories } from './category-tree.ts';
