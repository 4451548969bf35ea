import type { OutboxChannel } from '@shop/db';
import { createDevTransport } from './dev.ts';
import { createSmsGatewayTransport } from './sms-gateway.ts';
import { createSmtpTransport } from './smtp.ts';
import type { Transport } from './transport.ts';

export interface DeliverySettings {
  smtpUrl?: string;
  mailFrom: string;
  smsGatewayUrl?: string;
  smsGatewayKey?: string;
  smsTemplate: string;
}

/** Email through SMTP when SMTP_URL is set, SMS through the gateway when SMS_GATEWAY_URL is set; dev otherwise. */
export function transportsFor(settings: DeliverySettings, log: Parameters<typeof createDevTransport>[0]): Record<OutboxChannel, Transport> {
  const dev = createDevTransport(log);
  return {
    email: settings.smtpUrl ? createSmtpTransport({ url: settings.smtpUrl, from: settings.mailFrom }) : dev,
    sms: settings.smsGatewayUrl ? createSmsGatewayTransport({ url: settings.smsGatewayUrl, key: settings.smsGatewayKey, template: settings.smsTemplate }) : dev,
  };
}
