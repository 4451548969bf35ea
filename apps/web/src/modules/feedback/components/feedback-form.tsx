'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { feedbackInputSchema } from '@shop/domain/feedback';
import { BrowserApiError } from '@lib/api/browser-client';
import { sendFeedback } from '@lib/api/engagement-browser';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { REFUSAL_ERROR, useRefusalText } from '@modules/auth/components/use-refusal-text';
import { TextArea } from '@modules/contact/components/text-area';
import { failureText, showToast } from '@modules/contact/lib/toast';
import { formRating } from '@modules/reviews/lib/form-rating';
import { StarInput } from '@modules/reviews/components/star-input';

/** The shared rules, the rating read from the radio group. */
const formSchema = feedbackInputSchema.extend({ rating: formRating });
type Input = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;
const fields = ['name', 'email', 'rating', 'message'] as const;

/** Feedback about the shop (/feedback). It is held until the shop approves it, which the thank-you says. */
export function FeedbackForm() {
  const t = useTranslations('feedback');
  const refusals = useRefusalText();
  const translate = refusals.field;
  const [sent, setSent] = useState(false);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(formSchema), defaultValues: { name: '', email: '', message: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await sendFeedback(values);
      setSent(true);
      form.reset({ name: '', email: '', message: '' });
    } catch (error) {
      if (error instanceof BrowserApiError && error.errors) {
        for (const field of fields) {
          const refusal = error.errors[field];
          if (refusal) form.setError(field, { type: REFUSAL_ERROR, message: refusals.text(refusal) });
        }
      }
      void showToast('error', failureText(error, refusals.text, t('send')));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="feedback-form">
      <TextField label={t('fields.name')} autoComplete="name" registration={form.register('name')} error={translate(errors.name)} />
      <TextField label={t('fields.email')} type="email" autoComplete="email" dir="ltr" registration={form.register('email')} error={translate(errors.email)} />
      <div className="sm:col-span-2">
        <StarInput
          legend={t('fields.rating')}
          labels={[1, 2, 3, 4, 5].map((n) => t('star', { n }))}
          registration={form.register('rating')}
          error={translate(errors.rating)}
        />
      </div>
      <TextArea className="sm:col-span-2" label={t('fields.message')} registration={form.register('message')} error={translate(errors.message)} />
      {sent ? (
        <div className="sm:col-span-2">
          <FormMessage tone="success">{t('received')}</FormMessage>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto">
          {t('send')}
        </SubmitButton>
      </div>
    </form>
  );
}
