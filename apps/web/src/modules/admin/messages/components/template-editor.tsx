'use client';

import { useEffect, useState } from 'react';
import { browserApi, BrowserApiError } from '@lib/api/browser-client';
import { guard, nullable, object, string } from '@lib/api/shape';
import type { MessageTemplate } from '../lib/messages-api';

export interface TemplateEditorTexts {
  subject: string;
  intro: string;
  placeholders: string;
  dlt: string;
  dltHint: string;
  save: string;
  saved: string;
  preview: string;
  previewFrame: string;
  text: string;
  sms: string;
  noSms: string;
}

interface Preview {
  subject: string;
  html: string;
  text: string;
  sms: string | null;
}

const previewSchema = guard(object({ subject: string, html: string, text: string, sms: nullable(string) }));
const input = 'min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2';

/**
 * Edits one template's subject, intro and SMS DLT id (issue 21) with a live preview: each change is rendered by the
 * API with a sample order (debounced), exactly as a customer's mail would be, and shown in a sandboxed frame beside
 * its plain-text part and the SMS. Saving stores the texts (audit-logged); empty fields mean the built-in text.
 */
export function TemplateEditor({ template, texts }: { template: MessageTemplate; texts: TemplateEditorTexts }) {
  const [subject, setSubject] = useState(template.edited ? template.subject : '');
  const [intro, setIntro] = useState(template.edited ? template.intro : '');
  const [dlt, setDlt] = useState(template.dltTemplateId ?? '');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/api/admin/message-templates/${encodeURIComponent(template.event)}/${template.language}`;
  const dir = template.language === 'ar' ? 'rtl' : 'ltr';

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      browserApi(`${path}/preview`, {
        method: 'POST',
        body: { ...(subject.trim() ? { subject } : {}), ...(intro.trim() ? { intro } : {}) },
        schema: previewSchema,
      })
        .then((answer) => {
          if (!cancelled) setPreview(answer);
        })
        .catch((error: unknown) => {
          if (!cancelled) setNotice({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
        });
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [path, subject, intro]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      await browserApi(path, { method: 'PUT', body: { subject: subject || null, intro: intro || null, dltTemplateId: dlt || null } });
      setNotice({ tone: 'success', text: texts.saved });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof BrowserApiError ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form onSubmit={(event) => void save(event)} className="flex flex-col gap-4" noValidate>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{texts.subject}</span>
          <input
            name="subject"
            value={subject}
            placeholder={template.builtInSubject}
            onChange={(event) => setSubject(event.target.value)}
            maxLength={200}
            lang={template.language}
            dir={dir}
            className={input}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{texts.intro}</span>
          <textarea
            name="intro"
            value={intro}
            placeholder={template.builtInIntro}
            onChange={(event) => setIntro(event.target.value)}
            maxLength={1000}
            rows={5}
            lang={template.language}
            dir={dir}
            aria-describedby="placeholders"
            className={input}
          />
        </label>
        <p id="placeholders" className="text-sm text-muted">
          {texts.placeholders}
        </p>
        {template.sms ? (
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{texts.dlt}</span>
            <input
              name="dltTemplateId"
              value={dlt}
              inputMode="numeric"
              pattern="[0-9]*"
              onChange={(event) => setDlt(event.target.value.replace(/\D/g, ''))}
              aria-describedby="dlt-hint"
              className={input}
            />
            <span id="dlt-hint" className="text-sm text-muted">
              {texts.dltHint}
            </span>
          </label>
        ) : null}
        {notice ? (
          <p
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={`rounded-lg px-3 py-2 text-sm ${notice.tone === 'error' ? 'bg-danger/10 text-danger' : 'bg-success/10 text-success'}`}
          >
            {notice.text}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 self-start rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
        >
          {texts.save}
        </button>
      </form>
      <div className="flex min-w-0 flex-col gap-3" aria-live="polite">
        <h3 className="font-semibold">{texts.preview}</h3>
        {preview ? (
          <>
            <p className="font-medium" lang={template.language} dir={dir} data-testid="preview-subject">
              {preview.subject}
            </p>
            {/* The mail as a client shows it; sandboxed: no script, no navigation (same origin only so the shop's logo loads). */}
            <iframe
              title={texts.previewFrame}
              srcDoc={preview.html}
              sandbox="allow-same-origin"
              className="h-[32rem] w-full rounded-lg border border-line bg-white"
            />
            <details>
              <summary className="cursor-pointer font-semibold">{texts.text}</summary>
              <pre className="mt-2 whitespace-pre-wrap text-sm" lang={template.language} dir={dir}>
                {preview.text}
              </pre>
            </details>
            <p className="text-sm">
              <span className="font-semibold">{texts.sms}: </span>
              <span lang={template.language} dir={dir}>
                {preview.sms ?? texts.noSms}
              </span>
            </p>
          </>
        ) : null}
      </div>
    </div>
  );
}
