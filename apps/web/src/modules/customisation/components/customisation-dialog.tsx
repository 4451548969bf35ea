'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { fieldRefusal } from '@shop/domain/refusals/index';
import { refusalText } from '@lib/api/refusal-text';
import { modalTitleId } from '@modules/common/modal/ids';
import { useUI } from '@modules/common/ui-store';
import { useOrderLine } from '../lib/use-order-line';
import { CustomisationForm, type CustomisableLine } from './customisation-form';
import { SentUnits } from './sent-units';

/**
 * COSTOMIZATION_VIEW's content (spec §2): 'Enter your customization details below for product {name}.', then one block
 * per ordered unit. A line whose order has gone into production shows what was sent, marked locked, and no form.
 */
export function CustomisationDialog() {
  const t = useTranslations('customisation');
  const tRefusals = useTranslations('refusals');
  const locale = useLocale();
  const format = useFormatter();
  const closeModal = useUI((s) => s.closeModal);
  const { orderId, query, line } = useOrderLine();
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = line !== null;
  // The dialog opened (focus on its close button) before the order arrived: once it is there, the focus goes to the
  // intro, so a screen reader reads it and a phone's keyboard does not cover the form before the shopper taps a field.
  useEffect(() => {
    if (ready) heading.current?.focus({ preventScroll: true });
  }, [ready]);

  if (!line) {
    const failed = query.isError || orderId === '';
    const message = failed ? t('loadFailed') : query.isSuccess ? t('missing') : t('loading');
    return (
      <div className="p-6 pt-12 sm:p-8" aria-busy={query.isPending && !failed ? true : undefined}>
        <h2 id={modalTitleId} role={failed ? 'alert' : 'status'} className="pe-8 text-lg text-muted">
          {message}
        </h2>
      </div>
    );
  }

  const customisable = line as CustomisableLine;
  const sent = line.customisation;
  return (
    <div className="flex flex-col gap-4 p-5 pt-12 sm:p-8" data-testid="customisation-dialog">
      <h2 ref={heading} id={modalTitleId} tabIndex={-1} className="pe-8 font-display text-lg font-semibold text-ink focus:outline-none sm:text-xl">
        {t('intro', { name: line.name })}
      </h2>
      {sent?.locked ? (
        <div className="flex flex-col gap-3">
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-surface px-3 py-1 text-sm font-semibold text-ink" data-locked>
            <span aria-hidden="true">🔒</span> {t('lockedTitle')}
          </p>
          <p className="text-sm text-muted">{refusalText(fieldRefusal('order_locked'), tRefusals, locale)}</p>
          {sent.units ? <SentUnits units={sent.units} productName={line.name} /> : <p className="text-sm">{t('lockedNone')}</p>}
        </div>
      ) : (
        <>
          {sent?.sentAt ? (
            <p className="text-sm text-muted">
              {t('sentBefore', { time: format.dateTime(new Date(sent.sentAt), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }) })}
            </p>
          ) : null}
          <CustomisationForm orderId={orderId} line={customisable} onSent={closeModal} />
        </>
      )}
    </div>
  );
}
