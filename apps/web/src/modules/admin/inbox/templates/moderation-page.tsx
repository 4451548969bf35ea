import { moderationStates, type ModerationState } from '@shop/domain/review';
import Link from 'next/link';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { ActionResult } from '@modules/admin/lib/result';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { moderateFeedback, moderateReview } from '../actions';
import { ActionButton } from '../components/action-button';
import { Card, FilterForm, formatWhen, InboxTabs, ListOrEmpty, withQuery } from '../components/inbox-parts';
import { Pager } from '@modules/admin/components/pager';
import type { InboxFeedback, InboxReview, Page } from '../lib/inbox-api';

type Filters = { state: ModerationState; page: number };

type Run = () => Promise<ActionResult<unknown>>;

/** The item's state, and the buttons that change it (a hidden item can be approved after all, and the reverse). */
function Decision({ state, t, approve, hide }: { state: ModerationState; t: AdminTranslate; approve: Run; hide: Run }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <span className="text-sm text-muted">{t(`moderation.stateOptions.${state}`)}</span>
      {state !== 'approved' ? <ActionButton label={t('moderation.approve')} done={t('moderation.approved')} run={approve} tone="primary" /> : null}
      {state !== 'rejected' ? <ActionButton label={t('moderation.hide')} done={t('moderation.hidden')} run={hide} tone="danger" /> : null}
    </div>
  );
}

function Heading({ area, filters, t }: { area: 'feedback' | 'reviews'; filters: Filters; t: AdminTranslate }) {
  return (
    <>
      <AdminHeading title={t('inbox.title')} intro={t('inbox.intro')} />
      <InboxTabs current={area} t={t} />
      <FilterForm
        action={`/admin/inbox/${area}`}
        t={t}
        selects={[
          {
            name: 'state',
            label: t('moderation.state'),
            value: filters.state,
            options: moderationStates.map((value) => ({ value, label: t(`moderation.stateOptions.${value}`) })),
          },
        ]}
      />
    </>
  );
}

/** /admin/inbox/feedback: shop feedback to approve (shown on /feedback) or hide; the queue is oldest first. */
export function FeedbackPage({ list, filters, t }: { list: Page<InboxFeedback>; filters: Filters; t: AdminTranslate }) {
  return (
    <>
      <Heading area="feedback" filters={filters} t={t} />
      <ListOrEmpty count={list.data.length} total={list.total} t={t}>
        {list.data.map((item) => (
          <Card key={item._id} testId="feedback">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-semibold">{t('moderation.rating', { rating: item.rating })}</p>
              <p className="text-sm text-muted">{formatWhen(item.createdAt)}</p>
            </div>
            <p className="mt-1 text-sm">
              {t('moderation.by', { author: item.name })} · {item.email}
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words">{item.message}</p>
            <Decision
              state={item.state}
              t={t}
              approve={moderateFeedback.bind(null, item._id, 'approved')}
              hide={moderateFeedback.bind(null, item._id, 'rejected')}
            />
          </Card>
        ))}
      </ListOrEmpty>
      <Pager
        page={filters.page}
        total={list.total}
        limit={list.limit}
        hasMore={list.hasMore}
        href={(page) => withQuery('/admin/inbox/feedback', { state: filters.state, page })}
        t={t}
        section="inbox"
      />
    </>
  );
}

/** /admin/inbox/reviews: product reviews to approve or hide; the product's rating follows. */
export function ReviewsPage({ list, filters, t }: { list: Page<InboxReview>; filters: Filters; t: AdminTranslate }) {
  return (
    <>
      <Heading area="reviews" filters={filters} t={t} />
      <ListOrEmpty count={list.data.length} total={list.total} t={t}>
        {list.data.map((review) => (
          <Card key={review._id} testId="review">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-semibold">
                {t('moderation.rating', { rating: review.rating })}
                {review.title ? ` · ${review.title}` : ''}
              </p>
              <p className="text-sm text-muted">{formatWhen(review.createdAt)}</p>
            </div>
            <p className="mt-1 text-sm">
              <Link href={`/product/${review.productSlug}`} className="text-brand underline" prefetch={false}>
                {t('moderation.about', { product: review.productName })}
              </Link>{' '}
              · {t('moderation.by', { author: review.author })}
              {review.verifiedBuyer ? ` · ${t('moderation.verified')}` : ''}
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words">{review.text}</p>
            <Decision
              state={review.state}
              t={t}
              approve={moderateReview.bind(null, review._id, review.productSlug, 'approved')}
              hide={moderateReview.bind(null, review._id, review.productSlug, 'rejected')}
            />
          </Card>
        ))}
      </ListOrEmpty>
      <Pager
        page={filters.page}
        total={list.total}
        limit={list.limit}
        hasMore={list.hasMore}
        href={(page) => withQuery('/admin/inbox/reviews', { state: filters.state, page })}
        t={t}
        section="inbox"
      />
    </>
  );
}
