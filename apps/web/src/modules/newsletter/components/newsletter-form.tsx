'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { newsletterRequestSchema } from '@shop/domain/newsletter';
import { subscribeNewsletter } from '@lib/api/engagement-browser';
import { SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { useRefusalText } from '@modules/auth/components/use-refusal-text';
import { modalTitleId } from '@modules/common/modal/ids';
import { useUI } from '@modules/common/ui-store';
import { failureText, showToast } from '@modules/contact/lib/toast';
import { markOfferDone } from '../lib/offer-state';

type Input = z.input<typeof newsletterRequestSchema>;
type Output = z.output<typeof newsletterRequestSchema>;

/**
 * NEWSLETTER_VIEW (spec §2): 'subscribe now', 'And Get Offer On New Collection', an email field and Subscribe. Unlike
 * the original it subscribes for real (double opt-in: the API mails a confirmation link). Subscribing ends the
 * once-per-visitor offer and closes the modal.
 */
export function NewsletterForm() {
  const t = useTranslations('newsletter');
  const refusals = useRefusalText();
  const closeModal = useUI((s) => s.closeModal);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(newsletterRequestSchema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await subscribeNewsletter(email);
      markOfferDone('subscribed');
      void showToast('success', t('checkInbox'));
      form.reset({ email: '' });
      closeModal();
    } catch (error) {
      void showToast('error', failureText(error, refusals.text, t('subscribe')));
    }
  });

  return (
    <div className="flex flex-col items-center gap-2 bg-gradient-to-b from-brand-soft to-white px-6 py-10 text-center sm:px-12">
      <h2 id={modalTitleId} className="font-display text-3xl font-semibold text-ink">
        {t('title')}
      </h2>
      <p className="text-muted">{t('offer')}</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex w-full max-w-md flex-col gap-3" data-testid="newsletter-form">
        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          dir="ltr"
          placeholder={t('emailPlaceholder')}
          registration={form.register('email')}
          error={refusals.field(form.formState.errors.email)}
        />
        <SubmitButton busy={form.formState.isSubmitting}>{t('subscribe')}</SubmitButton>
      </form>
    </div>
  );
}
