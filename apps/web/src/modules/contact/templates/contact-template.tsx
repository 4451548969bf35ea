import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { Locale } from '@lib/locale/config';
import { engagementRefusalAreas } from '@modules/auth/lib/refusal-messages';
import { Container } from '@modules/common/components/container';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import { ContactForm } from '../components/contact-form';
import { fileableKey } from '../lib/report-key';
import { OpenComplaintOnArrival, REPORT_FRAGMENT } from '../components/open-complaint-on-arrival';
import { ReportProblemButton } from '../components/report-problem-button';

interface ContactTemplateProps {
  /** From site settings (spec §1: a toll-free telephone link and a mail link); null when not set. */
  tollFreeNumber: string | null;
  contactEmail: string | null;
  /** The page's `?key=` (an order number, from an order's "Report a problem with this order"), when it is a valid one. */
  reportKey?: string | null;
}

/** /contact-us: the shop's phone and mail links, the contact form, and the complaint view for an order problem. */
export async function ContactTemplate({ tollFreeNumber, contactEmail, reportKey = null }: ContactTemplateProps) {
  const key = fileableKey(reportKey) ?? null;
  const t = await getTranslations('contact');
  const messages = await (getMessages() as Promise<RequestMessages>);
  // The refusal texts its form can show (decision 037).
  const refusals = await loadRefusalMessages((await getLocale()) as Locale, engagementRefusalAreas);
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-8">
        <header className="flex flex-col gap-3">
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{t('page.title')}</h1>
          <p className="text-muted">{t('page.intro')}</p>
          <ul className="flex flex-wrap gap-3 text-sm">
            {tollFreeNumber ? (
              <li>
                <a
                  href={`tel:${tollFreeNumber.replace(/[^\d+]/g, '')}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-medium hover:border-brand"
                  dir="ltr"
                >
                  {t('page.call')}: {tollFreeNumber}
                </a>
              </li>
            ) : null}
            {contactEmail ? (
              <li>
                <a
                  href={`mailto:${contactEmail}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-medium hover:border-brand"
                >
                  {t('page.mail')}: {contactEmail}
                </a>
              </li>
            ) : null}
          </ul>
        </header>
        <NextIntlClientProvider messages={{ contact: messages.contact, refusals }}>
          <section aria-labelledby="contact-form-title" className="rounded-2xl border border-line bg-white p-5 sm:p-8">
            <h2 id="contact-form-title" className="mb-5 font-display text-xl font-semibold text-ink">
              {t('page.formTitle')}
            </h2>
            <ContactForm variant="page" />
          </section>
          <p id={REPORT_FRAGMENT} className="text-sm text-muted">
            {t('page.reportIntro')}{' '}
            <ReportProblemButton className="min-h-11 font-medium text-brand underline-offset-4 hover:underline">{t('page.report')}</ReportProblemButton>
            {key ? (
              <>
                {' '}
                <span>{t('page.aboutKey', { key })}</span>
              </>
            ) : null}
          </p>
          <OpenComplaintOnArrival />
        </NextIntlClientProvider>
      </div>
    </Container>
  );
}
