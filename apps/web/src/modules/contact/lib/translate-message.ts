/**
 * The shared rules (packages/domain) give English messages, the same texts the API answers; forms show them in the
 * visitor's language by looking the English text up in a table of `key → text` and translating the key. A text the
 * table does not know (say, a new rule not yet translated) is shown as it is.
 */
export function messageKeys(table: Record<string, string>): (message: string | undefined) => string | undefined {
  const byText = new Map(Object.entries(table).map(([key, text]) => [text, key]));
  return (message) => (message === undefined ? undefined : byText.get(message));
}

/** A translator for domain messages: `translate(message)` in the visitor's language, unknown texts unchanged. */
export function domainMessageTranslator(table: Record<string, string>, t: (key: string) => string) {
  const keyOf = messageKeys(table);
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = keyOf(message);
    return key ? t(key) : message;
  };
}
