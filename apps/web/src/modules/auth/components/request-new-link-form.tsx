'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type EmailLinkKind, sendEmailLink, sendVerificationEmail } from '@lib/api/auth';
import { emailOnlySchema, type EmailOnlyForm } from '../lib/schemas';
import { FormMessage, SubmitButton, TextField } from './form-controls';
import { useAuthErrorText } from './use-auth-error';

/**
 * On a confirm page whose link has expired or was used (decision 145): a new link of the same kind to the address typed,
 * leading to the same `next`. A verification link goes only to an account still waiting for one; the answer is the same.
 */
export function RequestNewLinkForm({ kind, next }: { kind: EmailLinkKind; next: string }) {
  const t = useTranslations('auth.emailLink');
  const errorText = useAuthErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailOnlyForm>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = kind === 'magic-link' ? await sendEmailLink(email, next) : await sendVerificationEmail(email, next);
    if (!result.ok) {
      setFailure(errorText.fromFailure(result));
      return;
    }
    setSentTo(email);
  });

  if (sentTo) return <FormMessage tone="success">{t('sent', { email: sentTo })}</FormMessage>;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('requestIntro')}</p>
      <TextField
        label={t('emailLabel')}
        type="email"
        autoComplete="email"
        dir="ltr"
        registration={form.register('email')}
        error={errorText.field(form.formState.errors.email)}
      />
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting}>{t(kind === 'magic-link' ? 'sendSignInLink' : 'sendVerificationLink')}</SubmitButton>
    </form>
  );
}
