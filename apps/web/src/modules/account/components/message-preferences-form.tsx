'use client';

import type { MessageChannel, MessagePreferencesView } from '@shop/domain/message-preferences';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BrowserApiError } from '@lib/api/browser-client';
import { saveMessagePreferences } from '@lib/api/messages-browser';
import { FormMessage, SubmitButton } from '@modules/auth/components/form-controls';
import { useAuthErrorText } from '@modules/auth/components/use-auth-error';

type Purpose = 'orderUpdates' | 'marketing';

/** Each language by its own name (an endonym reads the same in every language of the page). */
const languageNames = { en: 'English', hi: 'हिन्दी', ar: 'العربية' } as const;

/**
 * The shopper's message preferences (issue 21): channels for order updates and for offers, chosen separately, and the
 * language of the messages. WhatsApp is offered only when the shop sends it.
 */
export function MessagePreferencesForm({ initial }: { initial: MessagePreferencesView }) {
  const t = useTranslations('account.messages');
  const errorText = useAuthErrorText();
  const errors = useTranslations('auth.errors');
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const channels: MessageChannel[] = initial.whatsappAvailable ? ['email', 'sms', 'whatsapp'] : ['email', 'sms'];

  const toggle = (purpose: Purpose, channel: MessageChannel, on: boolean) =>
    setValues((current) => ({
      ...current,
      [purpose]: on ? [...current[purpose], channel] : current[purpose].filter((chosen) => chosen !== channel),
    }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const saved = await saveMessagePreferences({ orderUpdates: values.orderUpdates, marketing: values.marketing, language: values.language });
      setValues(saved);
      setNotice({ tone: 'success', text: t('saved') });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof BrowserApiError ? errorText.text(error) : errors('network') });
    } finally {
      setBusy(false);
    }
  };

  const group = (purpose: Purpose) => (
    <fieldset className="rounded-xl border border-line p-4">
      <legend className="px-1 font-semibold text-ink">{t(purpose)}</legend>
      <p className="mb-3 text-sm text-muted" id={`${purpose}-hint`}>
        {t(purpose === 'orderUpdates' ? 'orderUpdatesHint' : 'marketingHint')}
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {channels.map((channel) => (
          <label key={channel} className="inline-flex min-h-11 items-center gap-2 text-ink">
            <input
              type="checkbox"
              name={`${purpose}-${channel}`}
              aria-describedby={`${purpose}-hint`}
              checked={values[purpose].includes(channel)}
              onChange={(event) => toggle(purpose, channel, event.target.checked)}
              className="size-5 accent-brand"
            />
            {t(channel)}
          </label>
        ))}
      </div>
      {purpose === 'orderUpdates' && values.orderUpdates.length === 0 ? <p className="mt-2 text-sm text-muted">{t('noOrderChannel')}</p> : null}
    </fieldset>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex max-w-xl flex-col gap-5">
      {group('orderUpdates')}
      {group('marketing')}
      <label className="flex flex-col gap-1 text-ink">
        <span className="font-semibold">{t('language')}</span>
        <select
          name="language"
          value={values.language}
          onChange={(event) => setValues((current) => ({ ...current, language: event.target.value as MessagePreferencesView['language'] }))}
          className="min-h-11 rounded-lg border border-line bg-white px-3"
        >
          {(['en', 'hi', 'ar'] as const).map((language) => (
            <option key={language} value={language} lang={language}>
              {languageNames[language]}
            </option>
          ))}
        </select>
      </label>
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <SubmitButton busy={busy} className="sm:w-auto sm:self-start">
        {t('save')}
      </SubmitButton>
    </form>
  );
}
