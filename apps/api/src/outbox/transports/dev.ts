import type { OutgoingMessage, Transport } from './transport.ts';

/**
 * Development delivery: the message goes to the server log (and stays in the outbox, where /api/dev/outbox
 * shows it). It is what runs when SMTP_URL or SMS_GATEWAY_URL is unset, so a fresh checkout can sign in.
 */
export function createDevTransport(log: { info(object: object, message: string): void }): Transport {
  return {
    name: 'dev',
    real: false,
    send(message: OutgoingMessage) {
      log.info(
        { outbox: { id: message.id, channel: message.channel, to: message.recipient, kind: message.kind, subject: message.subject ?? undefined } },
        `[dev ${message.channel}] to ${message.recipient}: ${message.text}`,
      );
      return Promise.resolve();
    },
  };
}
