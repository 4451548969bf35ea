import Link from 'next/link';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { TemplateEditor, type TemplateEditorTexts } from '../components/template-editor';
import type { MessageTemplate } from '../lib/messages-api';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';
const PLACEHOLDERS = ['{name}', '{shop}', '{orderNumber}', '{total}', '{items}', '{carrier}', '{trackingNumber}', '{reason}', '{amount}'];

/** /admin/messages (issue 21): every message in every language; one chosen opens in the editor with its live preview. */
export function MessagesPage({ templates, selected, t }: { templates: MessageTemplate[]; selected: MessageTemplate | null; t: AdminTranslate }) {
  const events = [...new Set(templates.map((template) => template.event))];
  const editorTexts: TemplateEditorTexts = {
    subject: t('editor.subject'),
    intro: t('editor.intro'),
    placeholders: t('editor.placeholders', { names: PLACEHOLDERS.join(', ') }),
    dlt: t('editor.dlt'),
    dltHint: t('editor.dltHint'),
    save: t('editor.save'),
    saved: t('editor.saved'),
    preview: t('editor.preview'),
    previewFrame: selected ? t('editor.previewFrame', { event: t(`events.${selected.event}`), language: t(`languages.${selected.language}`) }) : '',
    text: t('editor.text'),
    sms: t('editor.sms'),
    noSms: t('editor.noSms'),
  };
  return (
    <>
      <AdminHeading title={t('title')} intro={t('intro')} />
      {selected ? (
        <section aria-labelledby="editor" className={`${card} mb-6`}>
          <p className="mb-2 text-sm">
            <Link href="/admin/messages" className="text-brand hover:underline">
              ← {t('editor.back')}
            </Link>
          </p>
          <h2 id="editor" className="mb-4 text-lg font-semibold">
            {t('editor.heading', { event: t(`events.${selected.event}`), language: t(`languages.${selected.language}`) })}
          </h2>
          <TemplateEditor key={`${selected.event}/${selected.language}`} template={selected} texts={editorTexts} />
        </section>
      ) : null}
      {/* relative: the sr-only labels of the last column are positioned absolutely; without a positioned ancestor inside
          the scroll box they escaped it and made the page scroll sideways on a phone. */}
      <div className={`${card} relative overflow-x-auto`}>
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('title')}</caption>
          <thead>
            <tr className="border-b border-line text-start">
              <th scope="col" className="py-2 pe-3 text-start">
                {t('table.event')}
              </th>
              <th scope="col" className="py-2 pe-3 text-start">
                {t('table.language')}
              </th>
              <th scope="col" className="py-2 pe-3 text-start">
                {t('table.subject')}
              </th>
              <th scope="col" className="py-2 pe-3 text-start">
                {t('table.edited')}
              </th>
              <th scope="col" className="py-2 text-start">
                <span className="sr-only">{t('table.editLink')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {events.flatMap((event) =>
              templates
                .filter((template) => template.event === event)
                .map((template) => (
                  <tr key={`${event}/${template.language}`} className="border-b border-line last:border-0">
                    <th scope="row" className="py-2 pe-3 text-start font-medium">
                      {t(`events.${event}`)}
                    </th>
                    <td className="py-2 pe-3">{t(`languages.${template.language}`)}</td>
                    <td className="py-2 pe-3" lang={template.language} dir={template.language === 'ar' ? 'rtl' : 'ltr'}>
                      {template.subject}
                    </td>
                    <td className="py-2 pe-3">{template.edited ? t('table.edited') : t('table.builtIn')}</td>
                    <td className="py-2">
                      <Link href={`/admin/messages?event=${encodeURIComponent(event)}&language=${template.language}`} className="text-brand hover:underline">
                        {t('table.editLink')}
                        <span className="sr-only"> {t('table.edit', { event: t(`events.${event}`), language: t(`languages.${template.language}`) })}</span>
                      </Link>
                    </td>
                  </tr>
                )),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
