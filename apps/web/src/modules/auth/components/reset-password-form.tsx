'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { refusalMessage } from '@shop/domain/refusals/index';
import { resetPassword } from '@lib/api/auth';
import { resetPasswordSchema, type ResetPasswordForm as ResetValues } from '../lib/schemas';
import { FormMessage, SubmitButton, TextField } from './form-controls';
import { useAuthErrorText } from './use-auth-error';

/** /reset-password?token=…: a new password from the emailed single-use link. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useTranslations('auth.reset');
  const errorText = useAuthErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<ResetValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;

  if (!token) {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage tone="error">{errorText.text({ code: 'invalid_token', message: refusalMessage('invalid_token') })}</FormMessage>
        <Link prefetch={false} href="/forget-password" className="font-medium text-brand underline-offset-4 hover:underline">
          {t('requestAgain')}
        </Link>
      </div>
    );
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage tone="success">{t('done')}</FormMessage>
        <Link prefetch={false} href="/signin" className="font-medium text-brand underline-offset-4 hover:underline">
          {t('toSignIn')}
        </Link>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    const result = await resetPassword(password, token);
    if (!result.ok) {
      setFailure(errorText.fromFailure(result));
      return;
    }
    setDone(true);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('passwordLabel')}
        type="password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        registration={form.register('password')}
        error={errorText.field(errors.password)}
      />
      <TextField
        label={t('confirmLabel')}
        type="password"
        autoComplete="new-password"
        registration={form.register('confirm')}
        error={errorText.field(errors.confirm)}
      />
      {failure ? (
        <FormMessage tone="error">
          {failure}{' '}
          <Link prefetch={false} href="/forget-password" className="font-medium underline">
            {t('requestAgain')}
          </Link>
        </FormMessage>
      ) : null}
      <SubmitButton busy={form.formState.isSubmitting}>{t('submit')}</SubmitButton>
    </form>
  );
}
