/**
 * The shop's own content (product and category names and descriptions, slides, the site description) is entered once,
 * in English, and shown as it is on Hindi and Arabic pages too. Marked lang="en", screen readers read it with an
 * English voice rather than a Hindi or Arabic one (WCAG 3.1.2); dir="auto" takes its direction from its own letters, so
 * in an Arabic page an English sentence keeps its full stop at its end and "3-tier stand" its number in front.
 * Spread on a paragraph of it; harmless on English pages.
 */
export const shopTextProps = { lang: 'en', dir: 'auto' } as const;

/** A name or a title of shop content inside a translated line, which keeps the page's alignment. */
export function ShopText({ children }: { children: string }) {
  return <span {...shopTextProps}>{children}</span>;
}
