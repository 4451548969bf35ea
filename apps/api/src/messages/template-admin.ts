import { type Database, messageTemplates } from '@shop/db';
import { sql } from 'drizzle-orm';
import type { RequestUser } from '../auth/request-user.ts';
import { recordAudit } from '../admin/audit.ts';
import { Refusal, fieldRefusal } from '../lib/refusal.ts';
import { loadBrand } from './brand.ts';
import {
  isMarketing,
  isMessageEvent,
  isOrderEvent,
  isMessageLanguage,
  type MessageEvent,
  type MessageLanguage,
  messageEvents,
  messageLanguages,
} from './events.ts';
import { fillText, renderMail } from './render.ts';
import { messageSettings } from './settings.ts';
import { loadOverride, textsWith, unknownPlaceholders } from './templates.ts';
import { builtInTexts, itemsLabel } from './texts.ts';

/**
 * The staff's side of the templates (issue 21): the list, a preview of any template with sample data (the draft's
 * subject and intro when given, so the editor previews before saving), and saving an edit, audit-logged with the
 * texts before and after. The rest of a template (layout, button, SMS text) is code.
 */

export interface TemplateEntry {
  event: MessageEvent;
  language: MessageLanguage;
  marketing: boolean;
  subject: string;
  intro: string;
  builtInSubject: string;
  builtInIntro: string;
  /** The SMS text (built in), or null for an e-mail-only message. */
  sms: string | null;
  dltTemplateId: string | null;
  edited: boolean;
  updatedAt: string | null;
}

export async function listTemplates(db: Database): Promise<TemplateEntry[]> {
  const rows = await db.select().from(messageTemplates);
  const edits = new Map(rows.map((row) => [`${row.event}/${row.language}`, row]));
  return messageEvents.flatMap((event) =>
    messageLanguages.map((language) => {
      const edit = edits.get(`${event}/${language}`);
      const builtIn = builtInTexts[event][language];
      return {
        event,
        language,
        marketing: isMarketing(event),
        subject: edit?.subject || builtIn.subject,
        intro: edit?.intro || builtIn.intro,
        builtInSubject: builtIn.subject,
        builtInIntro: builtIn.intro,
        sms: builtIn.sms ?? null,
        dltTemplateId: edit?.dltTemplateId ?? null,
        edited: Boolean(edit?.subject || edit?.intro),
        updatedAt: edit?.updatedAt.toISOString() ?? null,
      };
    }),
  );
}

function templateOf(event: string, language: string): { event: MessageEvent; language: MessageLanguage } {
  if (!isMessageEvent(event) || !isMessageLanguage(language)) throw new Refusal('message_template_not_found');
  return { event, language };
}

/** Refuses a subject or intro naming a placeholder no message fills (it would go out empty). */
function checkPlaceholders(draft: { subject?: string | null; intro?: string | null }): void {
  for (const field of ['subject', 'intro'] as const) {
    const names = unknownPlaceholders(draft[field] ?? '');
    if (names.length > 0) throw fieldRefusal(field, 'template_placeholder_unknown', { names });
  }
}

/** Values of a made-up order, for the preview. */
function sampleValues(language: MessageLanguage, shop: string) {
  const { siteUrl } = messageSettings();
  return {
    name: language === 'ar' ? 'آشا' : language === 'hi' ? 'आशा' : 'Asha',
    shop,
    orderNumber: 'KG-261126-7K3M9Q',
    total: '₹1,299',
    items: itemsLabel(language, 2),
    carrier: 'Delhivery',
    trackingNumber: '1234567890',
    reason: '',
    amount: '₹1,299',
    product: language === 'ar' ? 'لوحة اسم خشبية' : language === 'hi' ? 'लकड़ी की नेम प्लेट' : 'Wooden name plate',
    link: `${siteUrl}/my-account/orders`,
    unsubscribe: `${siteUrl}/unsubscribe`,
  };
}

export interface Preview {
  subject: string;
  html: string;
  text: string;
  sms: string | null;
}

export async function previewTemplate(db: Database, event: string, language: string, draft: { subject?: string; intro?: string }): Promise<Preview> {
  const template = templateOf(event, language);
  checkPlaceholders(draft);
  const { brand } = await loadBrand(db);
  // The draft's texts where given, else the saved ones, else the built-in ones.
  const saved = await loadOverride(db, template.event, template.language);
  const texts = textsWith(template.event, template.language, {
    subject: draft.subject || saved?.subject || null,
    intro: draft.intro || saved?.intro || null,
    dltTemplateId: null,
  });
  const values = sampleValues(template.language, brand.shopName);
  const marketing = isMarketing(template.event);
  const mail = await renderMail({ ...template, texts, brand, summary: isOrderEvent(template.event), marketing }, values);
  return { ...mail, sms: texts.sms ? fillText(texts.sms, values) : null };
}

export interface TemplateEdit {
  subject: string | null;
  intro: string | null;
  dltTemplateId: string | null;
}

/** Saves the staff's subject, intro and DLT id of one template (empty = the built-in text), with an audit record. */
export async function saveTemplate(db: Database, actor: RequestUser, event: string, language: string, edit: TemplateEdit): Promise<TemplateEntry> {
  const template = templateOf(event, language);
  checkPlaceholders(edit);
  const values = {
    subject: edit.subject || null,
    intro: edit.intro || null,
    dltTemplateId: edit.dltTemplateId || null,
    updatedAt: new Date(),
    updatedBy: actor.id,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ subject: messageTemplates.subject, intro: messageTemplates.intro, dltTemplateId: messageTemplates.dltTemplateId })
      .from(messageTemplates)
      .where(sql`${messageTemplates.event} = ${template.event} and ${messageTemplates.language} = ${template.language}`)
      .for('update');
    await tx
      .insert(messageTemplates)
      .values({ ...template, ...values })
      .onConflictDoUpdate({ target: [messageTemplates.event, messageTemplates.language], set: values });
    await recordAudit(tx, actor, {
      action: 'message-template.update',
      entityType: 'message-template',
      entityId: `${template.event}/${template.language}`,
      before: { ...template, ...(before ?? { subject: null, intro: null, dltTemplateId: null }) },
      after: { ...template, subject: values.subject, intro: values.intro, dltTemplateId: values.dltTemplateId },
    });
  });
  const entry = (await listTemplates(db)).find((item) => item.event === template.event && item.language === template.language);
  return entry as TemplateEntry;
}
