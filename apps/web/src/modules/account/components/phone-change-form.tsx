'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { normaliseIndianMobile } from '@shop/domain/phone';
import { sendPhoneOtp, verifyNewPhoneNumber } from '@lib/api/auth';
import { FormMessage, SubmitButton, TextButton, TextField } from '@modules/auth/components/form-controls';
import { useAuthErrorText } from '@modules/auth/components/use-auth-error';
import { codeSchema, formatIndianMobile, phoneSchema, type CodeForm, type PhoneForm } from '@modules/auth/lib/schemas';
import { reloadToken } from '@modules/auth/session/session';
import { isolateIn } from '@modules/common/i18n/isolate';

/** A new mobile number takes effect only once the code sent to it is entered (updatePhoneNumber). */
export function PhoneChangeForm({ mobile }: { mobile: string | null }) {
  const t = useTranslations('account.details');
  const errorText = useAuthErrorText();
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success' | 'info'; text: ReactNode } | null>(null);
  const phoneForm = useForm<PhoneForm>({ resolver: zodResolver(phoneSchema), defaultValues: { phone: '' } });
  const codeForm = useForm<CodeForm>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    if (pending) codeForm.setFocus('code');
  }, [pending, codeForm]);

  const onPhone = phoneForm.handleSubmit(async ({ phone }) => {
    const number = normaliseIndianMobile(phone);
    if (!number) return;
    setNotice(null);
    const result = await sendPhoneOtp(number);
    if (!result.ok) {
      setNotice({ tone: 'error', text: errorText.fromFailure(result) });
      return;
    }
    setPending(number);
    // The number stays left to right inside a right-to-left sentence.
    setNotice({ tone: 'info', text: isolateIn((slot) => t('codeSent', { phone: slot }), formatIndianMobile(number), 'ltr') });
  });

  const onCode = codeForm.handleSubmit(async ({ code }) => {
    if (!pending) return;
    const result = await verifyNewPhoneNumber(pending, code);
    if (!result.ok) {
      setNotice({ tone: 'error', text: errorText.fromFailure(result) });
      return;
    }
    await reloadToken();
    setPending(null);
    phoneForm.reset();
    codeForm.reset();
    setNotice({ tone: 'success', text: t('phoneSaved') });
    router.refresh();
  });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink">{mobile ? <span dir="ltr">{formatIndianMobile(mobile)}</span> : <span className="text-muted">{t('noPhone')}</span>}</p>
      {!pending ? (
        <form onSubmit={(event) => void onPhone(event)} noValidate className="flex flex-col gap-4">
          <TextField
            label={mobile ? t('newPhoneLabel') : t('addPhoneLabel')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            adornment="+91"
            dir="ltr"
            registration={phoneForm.register('phone')}
            error={errorText.field(phoneForm.formState.errors.phone)}
          />
          {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
          <SubmitButton busy={phoneForm.formState.isSubmitting} className="sm:w-auto sm:self-start">
            {t('sendCode')}
          </SubmitButton>
        </form>
      ) : (
        <form onSubmit={(event) => void onCode(event)} noValidate className="flex flex-col gap-4">
          {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
          <TextField
            label={t('codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            registration={codeForm.register('code')}
            error={errorText.field(codeForm.formState.errors.code)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton busy={codeForm.formState.isSubmitting} className="sm:w-auto">
              {t('verifyPhone')}
            </SubmitButton>
            <TextButton
              onClick={() => {
                setPending(null);
                setNotice(null);
              }}
            >
              {t('cancel')}
            </TextButton>
          </div>
        </form>
      )}
    </div>
  );
}
