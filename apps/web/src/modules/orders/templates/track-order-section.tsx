import { OrderRefusalMessages } from '../components/order-refusal-messages';
import { TrackOrderForm } from '../components/track-order-form';
import { orderTexts } from '../lib/texts';

/**
 * "Track an order": the public form by order number and mobile number, on /order. On an order's confirmation it comes
 * filled in with that order's number and delivery mobile (issue 25), so one press shows its status.
 */
export async function TrackOrderSection({ prefill }: { prefill?: { number: string; mobile: string } }) {
  const texts = await orderTexts();
  const { t } = texts;
  return (
    <section aria-labelledby="track-order" className="rounded-xl border border-line bg-surface/50 p-4 sm:p-6">
      <h2 id="track-order" className="text-xl font-semibold">
        {t('track.title')}
      </h2>
      <p className="mb-4 mt-1 text-sm text-muted">{t('track.intro')}</p>
      <OrderRefusalMessages>
        <TrackOrderForm
          labels={{
            number: t('track.number'),
            numberHint: t('track.numberHint'),
            mobile: t('track.mobile'),
            submit: t('track.submit'),
            checking: t('track.checking'),
            failed: t('track.failed'),
            result: t('track.result'),
            timeline: t('timeline.label'),
          }}
          trackingLabels={texts.tracking}
          journeyTexts={texts.journey}
          journeyTitles={texts.journeyTitles}
          statusLabels={texts.statusLabels}
          stateLabels={texts.stateLabels}
          paymentTexts={texts.payment}
          locale={texts.locale}
          prefill={prefill}
        />
      </OrderRefusalMessages>
    </section>
  );
}
