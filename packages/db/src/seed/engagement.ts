import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { products } from '../schema/catalogue.ts';
import { productReviews, shopFeedback } from '../schema/engagement.ts';
import { createRandom } from './random.ts';

/**
 * A few published reviews and approved shop feedback, so the product pages and /feedback are not empty in a fresh
 * shop. Seeded reviews have no author account, are not marked as verified purchases (nobody bought anything) and
 * are marked as sample data, which the storefront says beside each one (issue 25). The products they are about get
 * their rating from them through the database's trigger, as real reviews give it; every other product has none.
 */

const reviewers = [
  'Ananya R.',
  'Rohit S.',
  'Priya M.',
  'Karan D.',
  'Sneha P.',
  'Vikram N.',
  'Meera I.',
  'Arjun K.',
  'Divya T.',
  'Fatima Z.',
  'Neha G.',
  'Sahil B.',
];

const reviewTexts: { title: string; text: string }[] = [
  { title: 'Just as pictured', text: 'Looks exactly like the photos and the finish is lovely. Packed with care, reached in four days.' },
  { title: 'Perfect gift', text: 'Bought it for my sister’s birthday and she loved it. The handmade details really show.' },
  { title: 'Good quality', text: 'Sturdy and well made. The colour is a shade lighter than on my screen but still very pretty.' },
  { title: 'Worth the price', text: 'Not the cheapest, but you can tell it is made by hand. Would order again.' },
  { title: 'Lovely work', text: 'Beautiful craftsmanship. The seller kept me updated while it was being made.' },
  { title: 'Arrived safely', text: 'Came in bubble wrap inside a strong box, no damage at all. Very happy with it.' },
  { title: 'Nice, a bit small', text: 'Pretty piece, though smaller than I expected. Check the size in the description.' },
  { title: 'Great personal touch', text: 'The personalisation was spelled exactly as I wrote it. Everyone at the party asked where I got it.' },
];

const feedbackEntries: { name: string; rating: number; message: string }[] = [
  {
    name: 'Ritika Sharma',
    rating: 5,
    message: 'Ordered three personalised name plates for my family and each one was perfect. Thank you for the lovely packaging!',
  },
  { name: 'Aman Verma', rating: 4, message: 'Easy to order and cash on delivery made it simple. Delivery took a day longer than shown, otherwise great.' },
  { name: 'Zoya Khan', rating: 5, message: 'Support answered my question about the lamp size within an hour. Lovely shop.' },
  { name: 'Harsh Patel', rating: 5, message: 'The custom keychains were a hit at our office farewell. Will be back for Diwali gifts.' },
  { name: 'Lakshmi Narayan', rating: 4, message: 'Beautiful jewellery at fair prices. I would love more options in silver.' },
  { name: 'Gurpreet Singh', rating: 5, message: 'Second order this year, both arrived well packed and on time.' },
];

/** How many products get seeded reviews: the first featured ones by slug, so runs repeat. */
const REVIEWED_PRODUCTS = 16;

export async function seedEngagement(db: Database, options: { now: Date; seed?: number }): Promise<void> {
  const random = createRandom((options.seed ?? 7_301) >>> 0);
  const day = 86_400_000;
  const targets = await db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(and(eq(products.published, true), eq(products.featured, true)))
    .orderBy(asc(products.slug))
    .limit(REVIEWED_PRODUCTS);

  const rows: (typeof productReviews.$inferInsert)[] = [];
  for (const product of targets) {
    const authors = random.sample(reviewers, random.int(3, 6));
    // At most one 3-star review per product, the rest 4 or 5.
    const threeAt = random.chance(0.4) ? random.int(0, authors.length - 1) : -1;
    authors.forEach((authorName, index) => {
      const { title, text } = random.pick(reviewTexts);
      const ageDays = random.int(1, 60);
      const createdAt = new Date(Math.max(product.createdAt.getTime(), options.now.getTime() - ageDays * day));
      rows.push({
        id: random.uuid(),
        productId: product.id,
        userId: null,
        authorName,
        rating: index === threeAt ? 3 : random.chance(0.6) ? 5 : 4,
        title,
        text,
        verifiedBuyer: false,
        sample: true,
        state: 'approved',
        moderatedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
    });
  }
  if (rows.length > 0) {
    // The trigger of migration 0012 gives each product the rating of these reviews.
    await db.insert(productReviews).values(rows);
  }

  // Feedback is not catalogue (a catalogue reset keeps it): only a shop without any gets the starter entries.
  const [existing] = await db.select({ n: count() }).from(shopFeedback);
  if (Number(existing?.n ?? 0) === 0) {
    await db.insert(shopFeedback).values(
      feedbackEntries.map((entry, index) => {
        const at = new Date(options.now.getTime() - (index * 9 + 2) * day);
        return { ...entry, email: 'seed@localhost', state: 'approved' as const, moderatedAt: at, createdAt: at, updatedAt: at };
      }),
    );
  }
}
