import type { ReportRequest } from '@shop/domain/contact';
import type { FeedbackValues } from '@shop/domain/feedback';
import type { Paginated } from '@shop/domain/catalogue';
import type { OwnReview, RatingSummary, Review, ReviewContent } from '@shop/domain/review';
import { browserApi } from './browser-client';

/** Browser calls of issue 6: contact/complaint, newsletter, shop feedback and the caller's own product review. */

/** POST /api/report (spec §7). */
export const sendReport = (body: ReportRequest) => browserApi<{ _id: string; message: string }>('/api/report', { method: 'POST', body });

/** POST /api/subscribe/newsletter: answers the same message for every address. */
export const subscribeNewsletter = (email: string) => browserApi<{ message: string }>('/api/subscribe/newsletter', { method: 'POST', body: { email } });

export const confirmNewsletter = (token: string) => browserApi<{ message: string }>('/api/subscribe/newsletter/confirm', { method: 'POST', body: { token } });

export const unsubscribeNewsletter = (token: string) =>
  browserApi<{ message: string }>('/api/subscribe/newsletter/unsubscribe', { method: 'POST', body: { token } });

export const sendFeedback = (body: FeedbackValues) => browserApi<{ _id: string; message: string }>('/api/feedbacks', { method: 'POST', body });

export type ReviewsPage = Paginated<Review> & { summary: RatingSummary };

/** A further page of a product's published reviews ("Show more"). */
export const reviewsPage = (productId: string, page: number, limit: number) =>
  browserApi<ReviewsPage>('/api/reviews', { query: { product: productId, page, limit } });

/** The caller's review of a product (any state) and whether they may write one. */
export const myReview = (productId: string) =>
  browserApi<{ review: OwnReview | null; canReview: boolean }>('/api/user/review', { query: { product: productId }, signedIn: true });

export const postReview = (productId: string, content: ReviewContent) =>
  browserApi<OwnReview>('/api/user/review', { method: 'POST', body: { product: productId, ...content }, signedIn: true });

export const editReview = (reviewId: string, content: ReviewContent) =>
  browserApi<OwnReview>(`/api/user/review/${encodeURIComponent(reviewId)}`, { method: 'PUT', body: content, signedIn: true });

export const removeReview = (reviewId: string) => browserApi<void>(`/api/user/review/${encodeURIComponent(reviewId)}`, { method: 'DELETE', signedIn: true });
