import { type OutgoingMessage, type Transport, TransportError } from './transport.ts';

/**
 * WhatsApp through Meta's Cloud API (issue 21; off unless configured, decision 073): one
 * `POST {base}/{phone-number-id}/messages` per message, `Authorization: Bearer <access token>`, a *template* message
 * (a business may only open a conversation with a template Meta approved) whose body parameters are the message's
 * values. The template's name, language and parameters travel in the outbox row (extras.whatsapp).
 */
export interface WhatsAppSettings {
  /** The Graph API base, e.g. https://graph.facebook.com/v21.0 (or the loopback double's URL). */
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs?: number;
}

/** The request body Meta's Cloud API takes for a template message. */
export function whatsAppTemplateBody(message: Pick<OutgoingMessage, 'recipient' | 'extras'>) {
  const template = message.extras?.whatsapp;
  if (!template) throw new TransportError('WhatsApp: the message has no template');
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // Meta takes the number in international form without the plus.
    to: message.recipient.replace(/^\+/, ''),
    type: 'template',
    template: {
      name: template.template,
      language: { code: template.language },
      components: template.parameters.length > 0 ? [{ type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) }] : [],
    },
  };
}

export function createWhatsAppTransport(settings: WhatsAppSettings): Transport {
  const timeout = settings.timeoutMs ?? 15_000;
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp',
    real: true,
    async send(message: OutgoingMessage) {
      const body = JSON.stringify(whatsAppTemplateBody(message));
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.accessToken}` },
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(timeout),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new TransportError(`WhatsApp unreachable: ${cause ?? (error as Error).name}`);
      }
      const answer = await response.text().catch(() => '');
      if (!response.ok) {
        // Meta's errors: {"error":{"message","type","code","error_subcode","fbtrace_id"}}; the code says what went wrong.
        let code: number | string | undefined;
        try {
          const value = (JSON.parse(answer) as { error?: { code?: unknown } }).error?.code;
          code = typeof value === 'number' || typeof value === 'string' ? value : undefined;
        } catch {
          code = undefined;
        }
        throw new TransportError(
          `WhatsApp answered ${response.status}${code === undefined ? '' : ` (code ${String(code)})`}: ${answer.slice(0, 200)}`,
          `WhatsApp answered ${response.status}${code === undefined ? '' : ` (code ${String(code)})`}`,
        );
      }
    },
  };
}
