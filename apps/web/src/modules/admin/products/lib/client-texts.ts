import { createTranslator } from 'next-intl';

type Texts = (key: string, values?: Record<string, string | number>) => string;

/** The area's plain catalogue (adminMessages) as a `t` for client components, in English like the whole back office. */
export function textsOf(messages: Record<string, unknown>): Texts {
  return createTranslator({ locale: 'en', messages: messages as never }) as unknown as Texts;
}
