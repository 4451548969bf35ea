import { headers } from 'next/headers';
import { MARK_DISPLAY_FONT_SCRIPT } from './display-font-state';

/** First in <body>: turns the headings' web font on before any heading is laid out, where it was loaded before. */
export async function MarkDisplayFont() {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  // The browser hides a nonce from the DOM once the script has run, so the attribute never matches on hydration.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MARK_DISPLAY_FONT_SCRIPT }} />;
}
