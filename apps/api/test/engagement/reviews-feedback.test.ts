import { productReviews, products } from '@shop/db';
import { FEEDBACK_RATE_LIMIT } from '@shop/domain/feedback';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { customer, engagementContext, makeRole, orderOf, request } from './engagement-helpers.ts';

const ratingOf = async (ctx: TestContext, productId: string) => {
  const [row] = await ctx.handle.db.select({ average: products.ratingAverage, count: products.ratingCount }).from(products).where(eq(products.id, productId));
  return row;
};

describe.each(engines)('reviews and feedback on %s', (engine) => {
  let ctx: TestContext;
  /** A product of the fixtures with no reviews of its own; each test takes its own. */
  let productIds: string[];
  const nextProduct = () => productIds.shift() as string;
  beforeAll(async () => {
    ctx = await engagementContext(engine);
    productIds = Object.values(ctx.fixtures.products).map((p) => p.id);
  });
  afterAll(async () => ctx?.close());

  it('only a customer whose order with the product was delivered may review it', async () => {
    const productId = nextProduct();
    const buyer = await customer(ctx);
    const body = { product: productId, rating: 5, text: 'Glows beautifully.' };

    expectRefusal(await request(ctx.app, 'POST', '/api/user/review', body), 401, 'not_signed_in');
    const noOrder = await request(ctx.app, 'POST', '/api/user/review', body, buyer);
    expectRefusal(noOrder, 403, 'review_not_buyer');
    expect(noOrder.json().message).toBe('Only customers whose order with this product was delivered can review it');

    for (const status of ['placed', 'shipped', 'cancelled'] as const) await orderOf(ctx, buyer.userId, productId, status);
    expectRefusal(await request(ctx.app, 'POST', '/api/user/review', body, buyer), 403, 'review_not_buyer');
    // Another customer's delivered order does not count either.
    const other = await customer(ctx, 'Ravi Kumar');
    await orderOf(ctx, other.userId, productId, 'delivered');
    expect((await request(ctx.app, 'GET', `/api/user/review?product=${productId}`, undefined, buyer)).json()).toEqual({ review: null, canReview: false });
    expectRefusal(await request(ctx.app, 'POST', '/api/user/review', body, buyer), 403, 'review_not_buyer');
    // An unknown or unpublished product cannot be reviewed at all.
    expectRefusal(
      await request(ctx.app, 'POST', '/api/user/review', { ...body, product: '00000000-0000-4000-8000-000000000000' }, buyer),
      404,
      'product_not_found',
    );

    await orderOf(ctx, buyer.userId, productId, 'delivered');
    expect((await request(ctx.app, 'GET', `/api/user/review?product=${productId}`, undefined, buyer)).json()).toEqual({ review: null, canReview: true });
    const created = await request(ctx.app, 'POST', '/api/user/review', body, buyer);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      product: productId,
      rating: 5,
      text: 'Glows beautifully.',
      author: 'Asha V.',
      verifiedBuyer: true,
      state: 'approved',
    });
  });

  it('one review per customer and product: a second (even at the same moment) answers 409', async () => {
    const productId = nextProduct();
    const buyer = await customer(ctx);
    await orderOf(ctx, buyer.userId, productId, 'delivered');
    const body = { product: productId, rating: 4, text: 'Nice.' };
    const answers = await Promise.all([1, 2, 3].map(() => request(ctx.app, 'POST', '/api/user/review', body, buyer)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(expectRefusal(answer, 409, 'review_duplicate').message).toBe('You have already reviewed this product; edit your review instead');
    }
    expect(await ctx.handle.db.select().from(productReviews).where(eq(productReviews.productId, productId))).toHaveLength(1);
    expect(await ratingOf(ctx, productId)).toEqual({ average: 4, count: 1 });
  });

  it('keeps the rating average and count in step with every write, including simultaneous reviews', async () => {
    const productId = nextProduct();
    const buyers = await Promise.all([1, 2, 3, 4].map((n) => customer(ctx, `Buyer ${n}`)));
    for (const buyer of buyers) await orderOf(ctx, buyer.userId, productId, 'delivered');
    const ratings = [5, 4, 4, 2];
    const created = await Promise.all(
      buyers.map((buyer, i) => request(ctx.app, 'POST', '/api/user/review', { product: productId, rating: ratings[i], text: `Review ${i}` }, buyer)),
    );
    expect(created.map((c) => c.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await ratingOf(ctx, productId)).toEqual({ average: 3.8, count: 4 });

    // Edit: 2 → 5.
    const last = created[3]!.json();
    const edited = await request(ctx.app, 'PUT', `/api/user/review/${last._id}`, { rating: 5, text: 'Changed my mind, lovely.' }, buyers[3]);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 5, text: 'Changed my mind, lovely.', state: 'approved' });
    expect(await ratingOf(ctx, productId)).toEqual({ average: 4.5, count: 4 });

    // Someone else's review is not theirs to change: 404 as if it did not exist.
    expectRefusal(await request(ctx.app, 'PUT', `/api/user/review/${last._id}`, { rating: 1, text: 'x' }, buyers[0]), 404, 'review_not_found');
    expect(expectRefusal(await request(ctx.app, 'DELETE', `/api/user/review/${last._id}`, undefined, buyers[0]), 404, 'review_not_found').message).toBe(
      'Review not found',
    );

    // Delete: the 5 goes.
    expect((await request(ctx.app, 'DELETE', `/api/user/review/${last._id}`, undefined, buyers[3])).statusCode).toBe(204);
    expect(await ratingOf(ctx, productId)).toEqual({ average: 4.3, count: 3 });
    // After deleting, they may write a new one.
    expect((await request(ctx.app, 'GET', `/api/user/review?product=${productId}`, undefined, buyers[3])).json().canReview).toBe(true);

    // The public list: newest first, with the summary, paginated, by id or slug.
    const slug = (await ctx.handle.db.select({ slug: products.slug }).from(products).where(eq(products.id, productId)))[0]!.slug;
    const page1 = await request(ctx.app, 'GET', `/api/reviews?product=${slug}&limit=2`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 3, page: 1, limit: 2, hasMore: true, summary: { average: 4.3, count: 3, distribution: [0, 0, 0, 2, 1] } });
    expect(page1.json().data).toHaveLength(2);
    expect(page1.json().data[0]).not.toHaveProperty('userId');
    const page2 = await request(ctx.app, 'GET', `/api/reviews?product=${productId}&limit=2&page=2`);
    expect(page2.json()).toMatchObject({ hasMore: false });
    expect(page2.json().data).toHaveLength(1);
  });

  it('moderation: staff reject and approve; only approved reviews are listed and counted; an edit cannot undo a rejection', async () => {
    const productId = nextProduct();
    const buyer = await customer(ctx);
    await orderOf(ctx, buyer.userId, productId, 'delivered');
    const review = (await request(ctx.app, 'POST', '/api/user/review', { product: productId, rating: 1, text: 'Rude words' }, buyer)).json();
    const staff = await customer(ctx, 'Shop Staff');

    expectRefusal(await request(ctx.app, 'POST', `/api/admin/reviews/${review._id}/moderation`, { state: 'rejected' }, staff), 403, 'forbidden');
    await makeRole(ctx, staff.userId, 'staff');
    const rejected = await request(ctx.app, 'POST', `/api/admin/reviews/${review._id}/moderation`, { state: 'rejected' }, staff);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().state).toBe('rejected');
    expect(await ratingOf(ctx, productId)).toEqual({ average: 0, count: 0 });
    expect((await request(ctx.app, 'GET', `/api/reviews?product=${productId}`)).json()).toMatchObject({ total: 0, data: [] });
    // The author still sees it, with its state.
    expect((await request(ctx.app, 'GET', `/api/user/review?product=${productId}`, undefined, buyer)).json().review.state).toBe('rejected');

    const edited = await request(ctx.app, 'PUT', `/api/user/review/${review._id}`, { rating: 2, text: 'Polite words' }, buyer);
    expect(edited.json().state).toBe('pending');
    const queue = await request(ctx.app, 'GET', '/api/admin/reviews?state=pending&limit=100', undefined, staff);
    expect(queue.json().data.map((r: { _id: string }) => r._id)).toContain(review._id);
    expect(await ratingOf(ctx, productId)).toEqual({ average: 0, count: 0 });

    await request(ctx.app, 'POST', `/api/admin/reviews/${review._id}/moderation`, { state: 'approved' }, staff);
    expect(await ratingOf(ctx, productId)).toEqual({ average: 2, count: 1 });
    expectRefusal(await request(ctx.app, 'POST', `/api/admin/reviews/${review._id}/moderation`, { state: 'maybe' }, staff), 400, 'validation_failed', {
      state: 'moderation_state_invalid',
    });
    expectRefusal(
      await request(ctx.app, 'POST', '/api/admin/reviews/00000000-0000-4000-8000-000000000000/moderation', { state: 'approved' }, staff),
      404,
      'review_not_found',
    );
  });

  it.each([
    [{ rating: 0, text: 'x' }, { rating: { code: 'rating_invalid', message: 'Rating must be a whole number from 1 to 5' } }],
    [{ text: 'x' }, { rating: { code: 'rating_required', message: 'Rating is required' } }],
    [{ rating: 3, text: ' ' }, { text: { code: 'review_text_required', message: 'Review text is required' } }],
    [
      { rating: 3, text: 'x'.repeat(2_001) },
      { text: { code: 'review_text_too_long', message: 'Review text can be at most 2000 characters', params: { max: 2000 } } },
    ],
    [
      { rating: 3, text: 'x', title: 't'.repeat(121) },
      { title: { code: 'review_title_too_long', message: 'Title can be at most 120 characters', params: { max: 120 } } },
    ],
    [{ rating: 3, text: 'x', product: 'not-an-id' }, { product: { code: 'review_product_required', message: 'product is required' } }],
  ])('answers 400 naming the field for %j', async (body, errors) => {
    const buyer = await customer(ctx);
    const response = await request(ctx.app, 'POST', '/api/user/review', { product: productIds[0], ...body }, buyer);
    expect(expectRefusal(response, 400, 'validation_failed').errors).toEqual(errors);
  });

  it('answers 404 for reviews of an unknown or unpublished product', async () => {
    expect(expectRefusal(await request(ctx.app, 'GET', '/api/reviews?product=no-such-thing'), 404, 'product_not_found').message).toBe('Product not found');
    expectRefusal(await request(ctx.app, 'GET', `/api/reviews?product=${ctx.fixtures.draft.slug}`), 404, 'product_not_found');
    expectRefusal(await request(ctx.app, 'GET', '/api/reviews'), 400, 'validation_failed');
  });

  describe('shop feedback', () => {
    const feedback = { name: 'Meera Iyer', email: 'meera@example.com', rating: 5, message: 'Lovely packaging and quick delivery.' };

    it('is held for the shop and listed once approved, without the email', async () => {
      const sent = await request(ctx.app, 'POST', '/api/feedbacks', feedback);
      expect(sent.statusCode).toBe(202);
      const id = sent.json()._id;
      const listed = () => request(ctx.app, 'GET', '/api/feedbacks?limit=50').then((r) => r.json().data.map((f: { _id: string }) => f._id));
      expect(await listed()).not.toContain(id);

      const staff = await customer(ctx, 'Shop Staff');
      await makeRole(ctx, staff.userId, 'admin');
      const queue = await request(ctx.app, 'GET', '/api/admin/feedbacks', undefined, staff);
      expect(queue.json().data.find((f: { _id: string }) => f._id === id)).toMatchObject({ email: 'meera@example.com', state: 'pending' });
      expect((await request(ctx.app, 'POST', `/api/admin/feedbacks/${id}/moderation`, { state: 'approved' }, staff)).statusCode).toBe(200);

      const list = await request(ctx.app, 'GET', '/api/feedbacks?limit=50');
      const shown = list.json().data.find((f: { _id: string }) => f._id === id);
      expect(shown).toEqual({ _id: id, author: 'Meera I.', rating: 5, message: 'Lovely packaging and quick delivery.', createdAt: expect.any(String) });
      expect(list.headers['cache-control']).toContain('public');
    });

    it('answers 400 naming each missing field', async () => {
      const response = await request(ctx.app, 'POST', '/api/feedbacks', {});
      expect(expectRefusal(response, 400, 'validation_failed').errors).toEqual({
        name: { code: 'name_required', message: 'Name is required' },
        email: { code: 'email_required', message: 'Email is required' },
        rating: { code: 'rating_required', message: 'Rating is required' },
        message: { code: 'feedback_required', message: 'Feedback is required' },
      });
      const bad = await request(ctx.app, 'POST', '/api/feedbacks', { ...feedback, name: 'n'.repeat(81), email: 'meera@' });
      expectRefusal(bad, 400, 'validation_failed', { name: 'name_too_long', email: 'email_invalid' });
    });

    it('answers 404 feedback_not_found when moderating feedback that does not exist', async () => {
      const staff = await customer(ctx, 'Shop Staff');
      await makeRole(ctx, staff.userId, 'staff');
      const missing = await request(ctx.app, 'POST', '/api/admin/feedbacks/00000000-0000-4000-8000-000000000000/moderation', { state: 'approved' }, staff);
      expect(expectRefusal(missing, 404, 'feedback_not_found').message).toBe('Feedback not found');
    });

    it(`limits each address to ${FEEDBACK_RATE_LIMIT.max} an hour, then answers 429`, async () => {
      const ip = freshIp();
      for (let i = 0; i < FEEDBACK_RATE_LIMIT.max; i++) expect((await request(ctx.app, 'POST', '/api/feedbacks', feedback, { ip })).statusCode).toBe(202);
      expectRefusal(await request(ctx.app, 'POST', '/api/feedbacks', feedback, { ip }), 429, 'rate_limited');
    });
  });
});
