'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePassword } from '@lib/api/auth';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { useAuthErrorText } from '@modules/auth/components/use-auth-error';
import { changePasswordSchema, type ChangePasswordForm as Values } from '@modules/auth/lib/schemas';
import { reloadToken } from '@modules/auth/session/session';

/** Current and new password; every other session of the account is signed out. */
export function ChangePasswordForm() {
  const t = useTranslations('account.password');
  const errorText = useAuthErrorText();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(changePasswordSchema), defaultValues: { currentPassword: '', password: '', confirm: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, password }) => {
    setNotice(null);
    const result = await changePassword(currentPassword, password);
    if (!result.ok) {
      setNotice({ tone: 'error', text: errorText.fromFailure(result) });
      if (result.code === 'invalid_password') form.setFocus('currentPassword');
      return;
    }
    // The API starts a new session for this browser; the token follows it.
    await reloadToken();
    form.reset();
    setNotice({ tone: 'success', text: t('done') });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex max-w-md flex-col gap-4">
      <TextField
        label={t('currentLabel')}
        type="password"
        autoComplete="current-password"
        registration={form.register('currentPassword')}
        error={errorText.field(errors.currentPassword)}
      />
      <TextField
        label={t('newLabel')}
        type="password"
        autoComplete="new-password"
        hint={t('hint')}
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
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
