'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reviewContentSchema, type OwnReview, type ReviewContent } from '@shop/domain/review';
import { BrowserApiError } from '@lib/api/browser-client';
import { SubmitButton, TextButton, TextField } from '@modules/auth/components/form-controls';
import { REFUSAL_ERROR, useRefusalText } from '@modules/auth/components/use-refusal-text';
import { TextArea } from '@modules/contact/components/text-area';
import { failureText, showToast } from '@modules/contact/lib/toast';
import { formRating } from '../lib/form-rating';
import { StarInput } from './star-input';

/** The shared rules, the rating read from the radio group. */
const formSchema = reviewContentSchema.extend({ rating: formRating });
type Input = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;
const fields = ['rating', 'title', 'text'] as const;

interface ReviewFormProps {
  /** The review being edited, or none for a new one. */
  review?: OwnReview;
  onSave: (content: ReviewContent) => Promise<void>;
  onCancel?: () => void;
}

/** Rating, optional title and text, with the shared rules (the API applies the same). Photos wait for issue 5's uploads. */
export function ReviewForm({ review, onSave, onCancel }: ReviewFormProps) {
  const t = useTranslations('reviews');
  const refusals = useRefusalText();
  const translate = refusals.field;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(formSchema),
    defaultValues: review ? { rating: String(review.rating), title: review.title ?? '', text: review.text } : { title: '', text: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      if (error instanceof BrowserApiError && error.errors) {
        for (const field of fields) {
          const refusal = error.errors[field];
          if (refusal) form.setError(field, { type: REFUSAL_ERROR, message: refusals.text(refusal) });
        }
      }
      // review_not_buyer, review_duplicate, product_not_found, … by code in the visitor's language.
      void showToast('error', failureText(error, refusals.text, t('write.submit')));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" data-testid="review-form">
      <StarInput
        legend={t('write.rating')}
        labels={[1, 2, 3, 4, 5].map((n) => t('write.star', { n }))}
        registration={form.register('rating')}
        error={translate(errors.rating)}
      />
      <TextField label={t('write.titleField')} registration={form.register('title')} error={translate(errors.title)} />
      <TextArea label={t('write.text')} registration={form.register('text')} error={translate(errors.text)} />
      <p className="text-xs text-muted">{t('write.photos')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto">
          {review ? t('write.save') : t('write.submit')}
        </SubmitButton>
        {onCancel ? <TextButton onClick={onCancel}>{t('write.cancel')}</TextButton> : null}
      </div>
    </form>
  );
}
