'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { signUpWithEmail } from '@lib/api/auth';
import { signUpSchema, type SignUpForm as SignUpValues } from '../lib/schemas';
import { FormMessage, SubmitButton, TextButton, TextField } from './form-controls';
import type { AuthFormProps } from './types';
import { useAuthErrorText } from './use-auth-error';

/**
 * SIGN_UP_VIEW: name, email and password. The account works once the emailed link is opened; that
 * link signs the visitor in and brings them to `next` (or their account).
 */
export function SignUpForm({ onNavigate, next, autoFocus }: AuthFormProps) {
  const t = useTranslations('auth.signUp');
  const errorText = useAuthErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpValues>({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email: '', password: '' } });
  const { errors } = form.formState;

  useEffect(() => {
    if (autoFocus) form.setFocus('name');
  }, [autoFocus, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await signUpWithEmail({ ...values, callbackURL: next ?? '/my-account' });
    if (!result.ok) {
      setFailure(errorText.fromFailure(result));
      return;
    }
    setSentTo(values.email);
  });

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage tone="success">{t('checkEmail', { email: sentTo })}</FormMessage>
        <div className="text-sm">
          <TextButton onClick={() => onNavigate('LOGIN_VIEW')}>{t('toSignIn')}</TextButton>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <TextField label={t('nameLabel')} autoComplete="name" registration={form.register('name')} error={errorText.field(errors.name)} />
        <TextField
          label={t('emailLabel')}
          type="email"
          autoComplete="email"
          dir="ltr"
          registration={form.register('email')}
          error={errorText.field(errors.email)}
        />
        <TextField
          label={t('passwordLabel')}
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint')}
          registration={form.register('password')}
          error={errorText.field(errors.password)}
        />
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <SubmitButton busy={form.formState.isSubmitting}>{t('submit')}</SubmitButton>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 text-sm">
        <TextButton onClick={() => onNavigate('LOGIN_VIEW')}>{t('haveAccount')}</TextButton>
        <TextButton onClick={() => onNavigate('OTP_LOGIN_VIEW')}>{t('usePhone')}</TextButton>
      </div>
    </div>
  );
}
