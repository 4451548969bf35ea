import type { OutboxChannel } from '@shop/db';
import { type ConsolePrinter, createDevTransport } from './dev.ts';
import { createSmsGatewayTransport } from './sms-gateway.ts';
import { createSmtpTransport } from './smtp.ts';
import type { Transport } from './transport.ts';
import { createUnconfiguredTransport } from './unconfigured.ts';
import { createWhatsAppTransport, type WhatsAppSettings } from './whatsapp.ts';

export interface DeliverySettings {
  smtpUrl?: string;
  mailFrom: string;
  smsGatewayUrl?: string;
  smsGatewayKey?: string;
  smsTemplate: string;
  /** Pooled SMTP connections (SMTP_CONNECTIONS, default 2). */
  smtpConnections?: number;
  /** WhatsApp's Cloud API (issue 21), or undefined: off. */
  whatsapp?: WhatsAppSettings;
}

/** Neither SMTP_URL nor SMS_GATEWAY_URL: a shop that cannot reach anyone, whose messages the console and /dev/outbox show. */
export function usesDevOutbox(settings: Pick<DeliverySettings, 'smtpUrl' | 'smsGatewayUrl'>): boolean {
  return !settings.smtpUrl && !settings.smsGatewayUrl;
}

/**
 * Email through SMTP when SMTP_URL is set, SMS through the gateway when SMS_GATEWAY_URL is set. With neither, both
 * channels use the dev transport (console + dev outbox); with only one, the other sends nothing (unconfigured.ts).
 */
export function transportsFor(
  settings: DeliverySettings,
  print: ConsolePrinter,
): Record<Exclude<OutboxChannel, 'whatsapp'>, Transport> & { whatsapp?: Transport } {
  // WhatsApp is off unless configured (decision 073): its own transport whatever the other channels use.
  const whatsapp = settings.whatsapp ? { whatsapp: createWhatsAppTransport(settings.whatsapp) } : {};
  if (usesDevOutbox(settings)) {
    const dev = createDevTransport(print);
    return { email: dev, sms: dev, ...whatsapp };
  }
  return {
    ...whatsapp,
    email: settings.smtpUrl
      ? createSmtpTransport({ url: settings.smtpUrl, from: settings.mailFrom, connections: settings.smtpConnections })
      : createUnconfiguredTransport('SMTP_URL'),
    sms: settings.smsGatewayUrl
      ? createSmsGatewayTransport({ url: settings.smsGatewayUrl, key: settings.smsGatewayKey, template: settings.smsTemplate })
      : createUnconfiguredTransport('SMS_GATEWAY_URL'),
  };
}
