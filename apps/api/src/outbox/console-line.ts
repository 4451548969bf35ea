/**
 * The one readable console line for a message the dev transport keeps (no gateway configured): what a newcomer
 * reads to sign in, e.g. `SMS to +91 98765 43210: 123456 is your Kaarigar Gifts sign-in code…` or
 * `Mail to asha@example.com: Your sign-in link — http://localhost:3000/signin/email-link?next=%2Fmy-account#token=…`.
 */

import type { OutgoingMessage } from './transports/transport.ts';

/** Control characters (a message must not move the cursor or recolour the terminal) and runs of whitespace. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;

function oneLine(value: string): string {
  return value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** "+91 98765 43210" for an Indian mobile in E.164, the number as stored otherwise. */
export function spacedPhone(e164: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return match ? `+91 ${match[1]} ${match[2]}` : e164;
}

export function consoleLine(message: Pick<OutgoingMessage, 'channel' | 'recipient' | 'subject' | 'text'>): string {
  if (message.channel === 'sms') return `SMS to ${oneLine(spacedPhone(message.recipient))}: ${oneLine(message.text)}`;
  // A mail's link is what matters (sign-in, verify, reset); a mail without one shows its subject only.
  const link = /https?:\/\/[^\s<>"]+/.exec(message.text)?.[0];
  return `Mail to ${oneLine(message.recipient)}: ${oneLine(message.subject ?? '')}${link ? ` — ${oneLine(link)}` : ''}`;
}
