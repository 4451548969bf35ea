/** The information pages' texts mark where they say "contact us" (in each language) as `<contact>…</contact>`. */
const CONTACT_TAG = /<contact>(.*?)<\/contact>/g;

export interface TextPart {
  text: string;
  /** This part is the phrase that links to the contact page. */
  contact: boolean;
}

/** The text in parts, the marked phrases flagged; its words are unchanged (issue 25). */
export function contactParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(CONTACT_TAG)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), contact: false });
    parts.push({ text: match[1] ?? '', contact: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), contact: false });
  return parts;
}

/** The same text without the marks, where no link can go (the FAQ's structured data). */
export function withoutContactTags(text: string): string {
  return text.replace(CONTACT_TAG, '$1');
}
