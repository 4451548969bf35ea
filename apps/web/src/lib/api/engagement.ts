import 'server-only';
import { type Paginated, paginatedSchema } from '@shop/domain/catalogue';
import { type Feedback, feedbackSchema } from '@shop/domain/feedback';
import { type RatingSummary, type Review, ratingSummarySchema, reviewSchema } from '@shop/domain/review';
import { apiGet } from './client';

/**
 * Server reads of issue 6. Both are answered fresh from the API on every render (revalidate 0): a review or an
 * approval must show at once, and the API keeps these answers in its own short cache, which it clears on change.
 */

const feedbackPage = paginatedSchema(feedbackSchema);
const reviewsPage = paginatedSchema(reviewSchema).extend({ summary: ratingSummarySchema });

export async function getFeedbacks(page: number, limit = 10): Promise<Paginated<Feedback>> {
  return apiGet('/api/feedbacks', { revalidate: 0, query: { page, limit }, schema: feedbackPage });
}

type ProductReviews = Paginated<Review> & { summary: RatingSummary };

export async function getProductReviews(productId: string, limit: number): Promise<ProductReviews> {
  return apiGet('/api/reviews', { revalidate: 0, query: { product: productId, page: 1, limit }, schema: reviewsPage });
}
