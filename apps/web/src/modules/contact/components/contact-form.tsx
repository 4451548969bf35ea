'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactFormSchema, messageWithKey } from '@shop/domain/contact';
import { BrowserApiError } from '@lib/api/browser-client';
import { sendReport } from '@lib/api/engagement-browser';
import { SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { REFUSAL_ERROR, useRefusalText } from '@modules/auth/components/use-refusal-text';
import { currentPageKey, fileableKey } from '../lib/report-key';
import { failureText, showToast } from '../lib/toast';
import { TextArea } from './text-area';

type Input = z.input<typeof contactFormSchema>;
type Output = z.output<typeof contactFormSchema>;
const fields = ['name', 'contact_number', 'email', 'message'] as const;
const empty: Input = { name: '', contact_number: '', email: '', message: '' };

interface ContactFormProps {
  /** `complain`: the COMPLAIN_VIEW texts ("Enter your complain here"); `page`: the contact page's. */
  variant: 'page' | 'complain';
  /** After a successful send (the modal closes). */
  onSent?: () => void;
}

/**
 * The contact / complaint form (spec §2, §5, §8): name, contact number, email and message, validated by the shared
 * rules with the browser's own validation off. With a `key` on the page the message goes as "<message>@<key>" and the
 * success toast says the details were reported. On failure the toast shows the server's answer, translated by its
 * code (decision 037); the field errors are the rules' codes, translated the same way.
 */
export function ContactForm({ variant, onSent }: ContactFormProps) {
  const t = useTranslations('contact');
  const refusals = useRefusalText();
  const translate = refusals.field;
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(contactFormSchema), defaultValues: empty });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const key = currentPageKey();
    try {
      await sendReport({ ...values, message: messageWithKey(values.message, key), key: fileableKey(key) });
      void showToast('success', key ? t('success.withKey') : t('success.plain'));
      form.reset(empty);
      onSent?.();
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
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2" data-testid={`contact-form-${variant}`}>
      <TextField label={t('fields.name')} autoComplete="name" registration={form.register('name')} error={translate(errors.name)} />
      <TextField
        label={t('fields.contactNumber')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        dir="ltr"
        registration={form.register('contact_number')}
        error={translate(errors.contact_number)}
      />
      <TextField
        className="sm:col-span-2"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        dir="ltr"
        registration={form.register('email')}
        error={translate(errors.email)}
      />
      <TextArea
        className="sm:col-span-2"
        label={variant === 'complain' ? t('fields.complain') : t('fields.message')}
        registration={form.register('message')}
        error={translate(errors.message)}
      />
      <div className="sm:col-span-2">
        <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto">
          {t('send')}
        </SubmitButton>
      </div>
    </form>
  );
}
