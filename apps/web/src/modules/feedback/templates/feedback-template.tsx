import Link from 'next/link';
import { NextIntlClientProvider } from 'next-intl';
import { getFormatter, getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { Feedback } from '@shop/domain/feedback';
import type { Paginated } from '@shop/domain/catalogue';
import type { Locale } from '@lib/locale/config';
import { engagementRefusalAreas } from '@modules/auth/lib/refusal-messages';
import { Container } from '@modules/common/components/container';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import { Stars } from '@modules/reviews/components/stars';
import { FeedbackForm } from '../components/feedback-form';

/** /feedback (spec §2): approved feedback about the shop, newest first, and the form to add one. */
export async function FeedbackTemplate({ list }: { list: Paginated<Feedback> | null }) {
  const t = await getTranslations('feedback');
  const format = await getFormatter();
  const messages = await (getMessages() as Promise<RequestMessages>);
  // The refusal texts its form can show (decision 037).
  const refusals = await loadRefusalMessages((await getLocale()) as Locale, engagementRefusalAreas);
  const pages = list ? Math.max(1, Math.ceil(list.total / list.limit)) : 1;
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <header className="flex flex-col gap-2">
            <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{t('title')}</h1>
            <p className="text-muted">{t('intro')}</p>
          </header>
          <section aria-labelledby="feedback-list-title" className="flex flex-col gap-4">
            <h2 id="feedback-list-title" className="font-display text-xl font-semibold text-ink">
              {t('listTitle')}
            </h2>
            {!list || list.data.length === 0 ? (
              <p className="text-muted">{t('empty')}</p>
            ) : (
              <ul className="flex flex-col gap-4" data-testid="feedback-list">
                {list.data.map((entry) => (
                  <li key={entry._id} className="rounded-2xl border border-line bg-white p-5">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Stars rating={entry.rating} label={t('rated', { n: entry.rating })} />
                      <time dateTime={entry.createdAt} className="text-xs text-muted">
                        {format.dateTime(new Date(entry.createdAt), { dateStyle: 'medium' })}
                      </time>
                    </div>
                    <p className="mt-3 whitespace-pre-line text-ink">{entry.message}</p>
                    <p className="mt-2 text-sm font-medium text-muted">{entry.author}</p>
                  </li>
                ))}
              </ul>
            )}
            {list && pages > 1 ? (
              <nav className="flex items-center justify-between gap-3 text-sm" aria-label={t('pageOf', { page: list.page, pages })}>
                {list.page > 1 ? (
                  <Link
                    prefetch={false}
                    href={list.page === 2 ? '/feedback' : `/feedback?page=${list.page - 1}`}
                    className="min-h-11 rounded-full border border-line px-4 py-2.5"
                  >
                    {t('previous')}
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-muted">{t('pageOf', { page: list.page, pages })}</span>
                {list.hasMore ? (
                  <Link prefetch={false} href={`/feedback?page=${list.page + 1}`} className="min-h-11 rounded-full border border-line px-4 py-2.5">
                    {t('next')}
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </section>
        </div>
        <section aria-labelledby="feedback-form-title" className="h-fit rounded-2xl border border-line bg-white p-5 sm:p-6">
          <h2 id="feedback-form-title" className="mb-4 font-display text-xl font-semibold text-ink">
            {t('formTitle')}
          </h2>
          <NextIntlClientProvider messages={{ feedback: messages.feedback, refusals }}>
            <FeedbackForm />
          </NextIntlClientProvider>
        </section>
      </div>
    </Container>
  );
}
