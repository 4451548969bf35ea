'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { normaliseIndianMobile } from '@shop/domain/phone';
import { sendPhoneOtp, verifyPhoneOtp } from '@lib/api/auth';
import { isolateIn } from '@modules/common/i18n/isolate';
import { codeSchema, formatIndianMobile, phoneSchema, type CodeForm, type PhoneForm } from '../lib/schemas';
import { useCompleteSignIn } from '../session/use-auth';
import { FormMessage, SubmitButton, TextButton, TextField } from './form-controls';
import type { AuthFormProps } from './types';
import { useAuthErrorText } from './use-auth-error';
import { useCountdown } from './use-countdown';

/** Seconds before another code may be requested. */
const resendAfterSeconds = 30;

/**
 * OTP_LOGIN_VIEW, the default way in (issue 3): mobile number, then the 6-digit code sent by SMS.
 * An unknown number gets an account on the first sign-in.
 */
export function OtpLoginForm({ onNavigate, next, autoFocus }: AuthFormProps) {
  const t = useTranslations('auth.otp');
  const errorText = useAuthErrorText();
  const completeSignIn = useCompleteSignIn();
  const [phone, setPhone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const countdown = useCountdown(resendAfterSeconds);
  const codeInput = useRef<HTMLInputElement | null>(null);

  const phoneForm = useForm<PhoneForm>({ resolver: zodResolver(phoneSchema), defaultValues: { phone: '' } });
  const codeForm = useForm<CodeForm>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    if (autoFocus && !phone) phoneForm.setFocus('phone');
  }, [autoFocus, phone, phoneForm]);
  useEffect(() => {
    if (phone) codeInput.current?.focus();
  }, [phone]);

  async function send(number: string) {
    setFailure(null);
    const result = await sendPhoneOtp(number);
    if (!result.ok) {
      setFailure(errorText.fromFailure(result));
      return false;
    }
    countdown.restart();
    return true;
  }

  async function resend(number: string) {
    if (await send(number)) setResent(true);
  }

  const onPhone = phoneForm.handleSubmit(async ({ phone: input }) => {
    const number = normaliseIndianMobile(input);
    if (!number) return;
    if (await send(number)) setPhone(number);
  });

  const onCode = codeForm.handleSubmit(async ({ code }) => {
    if (!phone) return;
    setFailure(null);
    const result = await verifyPhoneOtp(phone, code);
    if (!result.ok) {
      setFailure(errorText.fromFailure(result));
      codeForm.setFocus('code');
      return;
    }
    await completeSignIn(next);
  });

  const codeRegistration = codeForm.register('code');

  return (
    <div className="flex flex-col gap-4">
      {!phone ? (
        <form onSubmit={(event) => void onPhone(event)} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('intro')}</p>
          <TextField
            label={t('phoneLabel')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('phonePlaceholder')}
            adornment="+91"
            dir="ltr"
            registration={phoneForm.register('phone')}
            error={errorText.field(phoneForm.formState.errors.phone)}
          />
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <SubmitButton busy={phoneForm.formState.isSubmitting}>{t('sendCode')}</SubmitButton>
        </form>
      ) : (
        <form onSubmit={(event) => void onCode(event)} noValidate className="flex flex-col gap-4">
          <FormMessage tone="info">
            {/* The number stays left to right inside a right-to-left sentence. */}
            {isolateIn((slot) => t(resent ? 'resent' : 'sent', { phone: slot }), formatIndianMobile(phone), 'ltr')}
          </FormMessage>
          <TextField
            label={t('codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            registration={{
              ...codeRegistration,
              ref: (element: HTMLInputElement | null) => {
                codeRegistration.ref(element);
                codeInput.current = element;
              },
            }}
            error={errorText.field(codeForm.formState.errors.code)}
          />
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <SubmitButton busy={codeForm.formState.isSubmitting}>{t('verify')}</SubmitButton>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <TextButton disabled={countdown.left > 0} onClick={() => void resend(phone)}>
              {countdown.left > 0 ? t('resendIn', { seconds: countdown.left }) : t('resend')}
            </TextButton>
            <TextButton
              onClick={() => {
                setPhone(null);
                setFailure(null);
                codeForm.reset();
              }}
            >
              {t('changeNumber')}
            </TextButton>
          </div>
        </form>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 text-sm">
        <TextButton onClick={() => onNavigate('LOGIN_VIEW')}>{t('useEmail')}</TextButton>
        <TextButton onClick={() => onNavigate('SIGN_UP_VIEW')}>{t('signUp')}</TextButton>
      </div>
    </div>
  );
}
