import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../schema/catalogue.ts';
import { productReviews, shopFeedback } from '../schema/engagement.ts';
import { seedEngagement } from './engagement.ts';
import { openTestDatabase, type TestDatabase } from './test-databases.ts';

const now = new Date('2026-11-20T10:00:00Z');

describe('seedEngagement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const db = database.handle.db;
    const [category] = await db.insert(categories).values({ name: 'Lamps', slug: 'lamps' }).returning({ id: categories.id });
    await db.insert(products).values(
      ['a', 'b', 'c'].map((letter, i) => ({
        name: `Lamp ${letter}`,
        slug: `lamp-${letter}`,
        description: 'A lamp',
        price: 30_000,
        mrp: 30_000,
        categoryId: category!.id,
        featured: i < 2,
        ratingAverage: 4.9,
        ratingCount: 250,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      })),
    );
    await seedEngagement(db, { now });
  });
  afterAll(async () => database?.dispose());

  it('reviews featured products with sample reviews, and they carry the rating of those reviews (at least 3.6 stars)', async () => {
    const db = database.handle.db;
    const rows = await db.select().from(products).orderBy(asc(products.slug));
    for (const product of rows.slice(0, 2)) {
      const reviews = await db.select().from(productReviews).where(eq(productReviews.productId, product.id));
      expect(reviews.length).toBeGreaterThanOrEqual(3);
      expect(reviews.every((r) => r.state === 'approved' && r.userId === null && !r.verifiedBuyer && r.sample)).toBe(true);
      const average = Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
      expect({ average: product.ratingAverage, count: product.ratingCount }).toEqual({ average, count: reviews.length });
      expect(average).toBeGreaterThanOrEqual(3.6);
    }
    // A product without reviews has no rating, whatever was written into it (the trigger only runs on review changes,
    // so this one keeps the value inserted above; the generator never invents one, see seed.test.ts).
    expect(rows[2]).toMatchObject({ ratingAverage: 4.9, ratingCount: 250 });
  });

  it('writes approved shop feedback once: a second run adds none', async () => {
    const db = database.handle.db;
    const first = await db.select().from(shopFeedback);
    expect(first.length).toBeGreaterThanOrEqual(5);
    expect(first.every((f) => f.state === 'approved')).toBe(true);
    await db.delete(productReviews);
    await seedEngagement(db, { now });
    expect(await db.select().from(shopFeedback)).toHaveLength(first.length);
  });
});
