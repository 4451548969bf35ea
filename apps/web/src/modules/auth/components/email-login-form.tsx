'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { sendEmailLink, sendVerificationEmail, signInWithEmail } from '@lib/api/auth';
import { emailOnlySchema, loginSchema, type LoginForm } from '../lib/schemas';
import { useCompleteSignIn } from '../session/use-auth';
import { FormMessage, SubmitButton, TextButton, TextField } from './form-controls';
import type { AuthFormProps } from './types';
import { useAuthErrorText } from './use-auth-error';

type Notice = { tone: 'error' | 'success'; text: string; unverified?: boolean } | null;

/** Where a link mailed from here brings the visitor back to: `next`, else the page they are on. */
function returnPath(next: string | null): string {
  return next ?? `${window.location.pathname}${window.location.search}`;
}

/** LOGIN_VIEW: email and password, or a sign-in link by email; links to reset the password and to the other views. */
export function EmailLoginForm({ onNavigate, next, autoFocus }: AuthFormProps) {
  const t = useTranslations('auth.login');
  const errorText = useAuthErrorText();
  const completeSignIn = useCompleteSignIn();
  const [notice, setNotice] = useState<Notice>(null);
  const [sendingLink, setSendingLink] = useState(false);
  const form = useForm<LoginForm>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  useEffect(() => {
    if (autoFocus) form.setFocus('email');
  }, [autoFocus, form]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setNotice(null);
    const result = await signInWithEmail(email, password);
    if (!result.ok) {
      setNotice({ tone: 'error', text: errorText.fromFailure(result), unverified: result.code === 'email_not_verified' });
      return;
    }
    await completeSignIn(next);
  });

  async function emailMeALink() {
    setNotice(null);
    // Only the email matters here: check it alone, and show its error if it is missing or wrong.
    const parsed = emailOnlySchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      // The rule's code, translated where the field shows it.
      form.setError('email', { message: parsed.error.issues[0]?.message });
      form.setFocus('email');
      return;
    }
    form.clearErrors('email');
    setSendingLink(true);
    const result = await sendEmailLink(parsed.data.email, returnPath(next));
    setSendingLink(false);
    setNotice(result.ok ? { tone: 'success', text: t('linkSent', { email: parsed.data.email }) } : { tone: 'error', text: errorText.fromFailure(result) });
  }

  async function resendVerification() {
    const email = form.getValues('email').trim();
    const result = await sendVerificationEmail(email, returnPath(next));
    setNotice(result.ok ? { tone: 'success', text: t('verificationSent', { email }) } : { tone: 'error', text: errorText.fromFailure(result) });
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
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
          autoComplete="current-password"
          registration={form.register('password')}
          error={errorText.field(errors.password)}
        />
        <div className="-mt-2 flex justify-end text-sm">
          <TextButton onClick={() => onNavigate('FORGET_PASSWORD')}>{t('forgot')}</TextButton>
        </div>
        {notice ? (
          <FormMessage tone={notice.tone}>
            {notice.text}
            {notice.unverified ? (
              <>
                {' '}
                <TextButton onClick={() => void resendVerification()}>{t('resendVerification')}</TextButton>
              </>
            ) : null}
          </FormMessage>
        ) : null}
        <SubmitButton busy={form.formState.isSubmitting}>{t('submit')}</SubmitButton>
      </form>
      <button
        type="button"
        onClick={() => void emailMeALink()}
        disabled={sendingLink}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-full border border-brand px-6 py-2.5 font-semibold text-brand hover:bg-brand-soft disabled:opacity-60"
      >
        {t('emailLink')}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 text-sm">
        <TextButton onClick={() => onNavigate('OTP_LOGIN_VIEW')}>{t('usePhone')}</TextButton>
        <TextButton onClick={() => onNavigate('SIGN_UP_VIEW')}>{t('signUp')}</TextButton>
      </div>
    </div>
  );
}
