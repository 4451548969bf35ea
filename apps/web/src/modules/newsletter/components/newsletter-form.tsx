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

interface NewsletterFormProps {
  /** The heading's id, which names the dialog or pop-up around it (the modal's title id by default). */
  titleId?: string;
  /** After subscribing: the modal closes by default; the pop-up removes itself. */
  onSubscribed?: () => void;
  /** The pop-up's smaller card (decision 077) rather than the modal's full panel. */
  compact?: boolean;
}

/**
 * NEWSLETTER_VIEW (spec §2): 'subscribe now', 'And Get Offer On New Collection', an email field and Subscribe. Unlike
 * the original it subscribes for real (double opt-in: the API mails a confirmation link). Subscribing ends the
 * once-per-visitor offer and closes the modal (or the pop-up the same form sits in).
 */
export function NewsletterForm({ titleId = modalTitleId, onSubscribed, compact = false }: NewsletterFormProps) {
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
      (onSubscribed ?? closeModal)();
    } catch (error) {
      void showToast('error', failureText(error, refusals.text, t('subscribe')));
    }
  });

  return (
    <div
      className={
        compact ? 'flex flex-col gap-1 p-4 pe-12' : 'flex flex-col items-center gap-2 bg-gradient-to-b from-brand-soft to-white px-6 py-10 text-center sm:px-12'
      }
    >
      <h2 id={titleId} className={`font-display font-semibold text-ink ${compact ? 'text-xl' : 'text-3xl'}`}>
        {t('title')}
      </h2>
      <p className={compact ? 'text-sm text-muted' : 'text-muted'}>{t('offer')}</p>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className={`flex w-full flex-col ${compact ? 'mt-2 gap-2' : 'mt-4 max-w-md gap-3'}`}
        data-testid="newsletter-form"
      >
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
