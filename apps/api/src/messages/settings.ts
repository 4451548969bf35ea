/**
 * The process's message settings, set once at start-up by plugins/messages.ts (read from the validated config): the
 * storefront's origin for links, and whether WhatsApp is on. Configuration, not state: every process of a shop has
 * the same values.
 */
export interface MessageSettings {
  siteUrl: string;
  whatsapp: boolean;
}

const settings: MessageSettings = { siteUrl: 'http://localhost:3000', whatsapp: false };

export function configureMessages(values: Partial<MessageSettings>): void {
  Object.assign(settings, values);
}

export function messageSettings(): Readonly<MessageSettings> {
  return settings;
}
