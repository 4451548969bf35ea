'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { requestPasswordReset } from '@lib/api/auth';
import { emailOnlySchema, type EmailOnlyForm } from '../lib/schemas';
import { FormMessage, SubmitButton, TextButton, TextField } from './form-controls';
import type { AuthFormProps } from './types';
import { useAuthErrorText } from './use-auth-error';

/**
 * FORGET_PASSWORD: the answer is the same whether or not an account exists, so the form never
 * tells anyone which addresses are registered.
 */
export function ForgotPasswordForm({ onNavigate, autoFocus }: AuthFormProps) {
  const t = useTranslations('auth.forgot');
  const errorText = useAuthErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailOnlyForm>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });

  useEffect(() => {
    if (autoFocus) form.setFocus('email');
  }, [autoFocus, form]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = await requestPasswordReset(email);
    if (!result.ok) {
      setFailure(errorText.fromFailure(result));
      return;
    }
    setSentTo(email);
  });

  return (
    <div className="flex flex-col gap-4">
      {sentTo ? (
        <FormMessage tone="success">{t('sent', { email: sentTo })}</FormMessage>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('intro')}</p>
          <TextField
            label={t('emailLabel')}
            type="email"
            autoComplete="email"
            dir="ltr"
            registration={form.register('email')}
            error={errorText.field(form.formState.errors.email)}
          />
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <SubmitButton busy={form.formState.isSubmitting}>{t('submit')}</SubmitButton>
        </form>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 text-sm">
        <TextButton onClick={() => onNavigate('LOGIN_VIEW')}>{t('backToSignIn')}</TextButton>
        <TextButton onClick={() => onNavigate('OTP_LOGIN_VIEW')}>{t('usePhone')}</TextButton>
      </div>
    </div>
  );
}
