import { type Database, messageTemplates } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import { type MessageEvent, type MessageLanguage, templateValues } from './events.ts';
import { builtInTexts, type MessageTexts } from './texts.ts';

type Reader = Pick<Database, 'select'>;

export interface TemplateOverride {
  subject: string | null;
  intro: string | null;
  dltTemplateId: string | null;
}

/** A staff edit of a template, or null when it has none. */
export async function loadOverride(db: Reader, event: MessageEvent, language: MessageLanguage): Promise<TemplateOverride | null> {
  const [row] = await db
    .select({ subject: messageTemplates.subject, intro: messageTemplates.intro, dltTemplateId: messageTemplates.dltTemplateId })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.event, event), eq(messageTemplates.language, language)))
    .limit(1);
  return row ?? null;
}

/** The texts a message is made of: the built-in ones, with the staff's subject and intro where they wrote them. */
export function textsWith(event: MessageEvent, language: MessageLanguage, override: TemplateOverride | null): MessageTexts {
  const builtIn = builtInTexts[event][language];
  return { ...builtIn, subject: override?.subject || builtIn.subject, intro: override?.intro || builtIn.intro };
}

/** Placeholders a text names that no message has (a typo such as {ordernumber} would go out empty). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(templateValues);
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string).filter((name) => !known.has(name));
}
