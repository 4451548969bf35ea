import { renderSmsBody } from '../sms-template.ts';
import { type OutgoingMessage, type Transport, TransportError } from './transport.ts';

interface SmsGatewaySettings {
  /** SMS_GATEWAY_URL: the gateway's send endpoint; one POST per message. */
  url: string;
  /** SMS_GATEWAY_KEY: sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** SMS_TEMPLATE (validated at start-up). */
  template: string;
  /** Kept well under the worker's claim lease so a hung gateway never causes a double send. */
  timeoutMs?: number;
}

/**
 * SMS through an HTTP gateway: POST of the JSON template; any 2xx answer means accepted. A message with a DLT template
 * id (issue 21: Indian senders must name the registered template) carries it as {templateId} in the body and in the
 * X-DLT-Template-Id header, so a gateway that wants it either way gets it.
 */
export function createSmsGatewayTransport(settings: SmsGatewaySettings): Transport {
  const timeout = settings.timeoutMs ?? 15_000;
  return {
    name: 'sms-gateway',
    real: true,
    async send(message: OutgoingMessage) {
      const templateId = message.extras?.dltTemplateId;
      const body = renderSmsBody(settings.template, { phone: message.recipient, message: message.text, key: settings.key, templateId });
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
            ...(templateId ? { 'x-dlt-template-id': templateId } : {}),
          },
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(timeout),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new TransportError(`SMS gateway unreachable: ${cause ?? (error as Error).name}`);
      }
      // Read the answer either way, so the connection can be reused; keep a little of it for last_error.
      const answer = (await response.text().catch(() => '')).slice(0, 200);
      if (!response.ok) {
        throw new TransportError(`SMS gateway answered ${response.status}${answer ? `: ${answer}` : ''}`, `SMS gateway answered ${response.status}`);
      }
    },
  };
}
