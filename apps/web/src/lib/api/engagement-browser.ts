import type { ReportRequest } from '@shop/domain/contact';
import type { FeedbackValues } from '@shop/domain/feedback';
import type { Paginated } from '@shop/domain/catalogue';
import type { ModerationState, OwnReview, RatingSummary, Review, ReviewContent } from '@shop/domain/review';
import { browserApi } from './browser-client';
import { array, boolean, guard, nullable, number, object, oneOf, pageShape, type ResponseSchema, string } from './shape';

/** Browser calls of issue 6: contact/complaint, newsletter, shop feedback and the caller's own product review. */

/** The review states, written out (the domain's list lives beside zod schemas); the test checks they agree. */
export const browserModerationStates = ['pending', 'approved', 'rejected'] as const satisfies readonly ModerationState[];

const reviewShape = {
  _id: string,
  product: string,
  rating: number,
  title: nullable(string),
  text: string,
  author: string,
  verifiedBuyer: boolean,
  sample: boolean,
  createdAt: string,
  updatedAt: string,
};
const ownReview = object({ ...reviewShape, state: oneOf(...browserModerationStates) });

const receiptSchema = guard(object({ _id: string, message: string }));
const messageSchema = guard(object({ message: string }));
const ownReviewSchema: ResponseSchema<OwnReview> = guard(ownReview);

type ReviewsPage = Paginated<Review> & { summary: RatingSummary };
const reviewsPageSchema: ResponseSchema<ReviewsPage> = guard(
  object({ ...pageShape(object(reviewShape)), summary: object({ average: number, count: number, distribution: array(number) }) }),
);

/** POST /api/report (spec §7). */
export const sendReport = (body: ReportRequest) => browserApi('/api/report', { method: 'POST', body, schema: receiptSchema });

/** POST /api/subscribe/newsletter: answers the same message for every address. */
export const subscribeNewsletter = (email: string) => browserApi('/api/subscribe/newsletter', { method: 'POST', body: { email }, schema: messageSchema });

export const confirmNewsletter = (token: string) => browserApi('/api/subscribe/newsletter/confirm', { method: 'POST', body: { token }, schema: messageSchema });

export const unsubscribeNewsletter = (token: string) =>
  browserApi('/api/subscribe/newsletter/unsubscribe', { method: 'POST', body: { token }, schema: messageSchema });

export const sendFeedback = (body: FeedbackValues) => browserApi('/api/feedbacks', { method: 'POST', body, schema: receiptSchema });

/** A further page of a product's published reviews ("Show more"). */
export const reviewsPage = (productId: string, page: number, limit: number) =>
  browserApi('/api/reviews', { query: { product: productId, page, limit }, schema: reviewsPageSchema });

const myReviewSchema = guard(object({ review: nullable(ownReview), canReview: boolean }));

/** The caller's review of a product (any state) and whether they may write one. */
export const myReview = (productId: string) => browserApi('/api/user/review', { query: { product: productId }, signedIn: true, schema: myReviewSchema });

export const postReview = (productId: string, content: ReviewContent) =>
  browserApi('/api/user/review', { method: 'POST', body: { product: productId, ...content }, signedIn: true, schema: ownReviewSchema });

export const editReview = (reviewId: string, content: ReviewContent) =>
  browserApi(`/api/user/review/${encodeURIComponent(reviewId)}`, { method: 'PUT', body: content, signedIn: true, schema: ownReviewSchema });

export const removeReview = async (reviewId: string): Promise<void> => {
  await browserApi(`/api/user/review/${encodeURIComponent(reviewId)}`, { method: 'DELETE', signedIn: true });
};
