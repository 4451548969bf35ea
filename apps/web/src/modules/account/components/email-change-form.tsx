'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changeEmail, sendVerificationEmail } from '@lib/api/auth';
import { FormMessage, SubmitButton, TextButton, TextField } from '@modules/auth/components/form-controls';
import { useAuthErrorText } from '@modules/auth/components/use-auth-error';
import { emailOnlySchema, type EmailOnlyForm } from '@modules/auth/lib/schemas';

const backHere = '/my-account/account-details';

/**
 * A new email takes effect only once the link mailed to it is opened (issue 3); an address that is
 * not verified yet can get its link again.
 */
export function EmailChangeForm({ email, verified }: { email: string | null; verified: boolean }) {
  const t = useTranslations('account.details');
  const errorText = useAuthErrorText();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<EmailOnlyForm>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email: newEmail }) => {
    setNotice(null);
    const result = await changeEmail(newEmail, backHere);
    if (!result.ok) {
      setNotice({ tone: 'error', text: errorText.fromFailure(result) });
      return;
    }
    form.reset();
    setNotice({ tone: 'success', text: t('emailLinkSent', { email: newEmail }) });
  });

  async function sendVerification(address: string) {
    const result = await sendVerificationEmail(address, backHere);
    setNotice(result.ok ? { tone: 'success', text: t('verificationSent', { email: address }) } : { tone: 'error', text: errorText.fromFailure(result) });
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink" dir="auto">
        {email ? (
          <>
            <span dir="ltr">{email}</span>{' '}
            <span className={`ms-1 rounded px-2 py-0.5 text-xs font-medium ${verified ? 'bg-success/10 text-success' : 'bg-accent/10 text-accent-strong'}`}>
              {verified ? t('verified') : t('notVerified')}
            </span>
          </>
        ) : (
          <span className="text-muted">{t('noEmail')}</span>
        )}
      </p>
      {email && !verified ? (
        <div className="text-sm">
          <TextButton onClick={() => void sendVerification(email)}>{t('sendVerification')}</TextButton>
        </div>
      ) : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <TextField
          label={email ? t('newEmailLabel') : t('addEmailLabel')}
          type="email"
          autoComplete="email"
          dir="ltr"
          registration={form.register('email')}
          error={errorText.field(form.formState.errors.email)}
        />
        {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
        <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
          {t('sendEmailLink')}
        </SubmitButton>
      </form>
    </div>
  );
}
