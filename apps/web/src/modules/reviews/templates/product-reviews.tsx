import { getLocale, getTranslations } from 'next-intl/server';
import { getProductReviews } from '@lib/api/engagement';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';
import { MoreReviews } from '../components/more-reviews';
import { MyReview, type MyReviewLabels } from '../components/my-review';
import { RatingSummary } from '../components/rating-summary';
import { ReviewItem } from '../components/review-item';

const PAGE_SIZE = 5;

/**
 * A product page's reviews, read fresh so a new review shows at once. If the reviews cannot be read the section is
 * left out rather than failing the page.
 *
 * Written in place, hydrated on its own (an Activity boundary, decision 018), not streamed in a Suspense boundary: the
 * server moved the finished boundary out of place and React revealed it with a script after streaming, a long task
 * plus a style-and-layout pass while Lighthouse measures (decision 027 addendum). The reviews read is one local API
 * call after the product's, so the page's HTML waits a few milliseconds for it.
 */
export function ProductReviewsSection({ productId }: { productId: string }) {
  return (
    <HydrateSeparately>
      <ProductReviews productId={productId} />
    </HydrateSeparately>
  );
}

async function ProductReviews({ productId }: { productId: string }) {
  const [reviews, t, locale] = await Promise.all([getProductReviews(productId, PAGE_SIZE).catch(() => null), getTranslations('reviews'), getLocale()]);
  if (!reviews) return null;
  // Client leaves get their strings translated here (decision 018); "{n}" is filled in the browser.
  const itemLabels = { verified: t('verified'), sample: t('sample'), rated: t('rated', { n: '{n}' }) };
  const mine: MyReviewLabels = {
    title: t('write.title'),
    signIn: t('write.signIn'),
    signInButton: t('write.signInButton'),
    notBuyer: t('write.notBuyer'),
    yours: t('write.yours'),
    edit: t('write.edit'),
    delete: t('write.delete'),
    deleteConfirm: t('write.deleteConfirm'),
    posted: t('write.posted'),
    saved: t('write.saved'),
    deleted: t('write.deleted'),
    rated: itemLabels.rated,
    state: { approved: t('write.state.approved'), pending: t('write.state.pending'), rejected: t('write.state.rejected') },
  };
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-title"
      className="mt-12 border-t border-line pt-10 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
      data-testid="product-reviews"
    >
      <h2 id="reviews-title" className="mb-6 font-display text-2xl font-semibold text-ink">
        {t('title')}
      </h2>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          {reviews.summary.count > 0 ? <RatingSummary summary={reviews.summary} /> : <p className="text-muted">{t('none')}</p>}
          <MyReview productId={productId} labels={mine} />
        </div>
        <div className="flex flex-col">
          {reviews.data.length > 0 ? (
            <ul className="flex flex-col">
              {reviews.data.map((review) => (
                <ReviewItem key={review._id} review={review} labels={itemLabels} locale={locale} />
              ))}
            </ul>
          ) : null}
          <MoreReviews productId={productId} limit={PAGE_SIZE} hasMore={reviews.hasMore} labels={{ ...itemLabels, more: t('more') }} />
        </div>
      </div>
    </section>
  );
}
