import { type Transport, TransportError } from './transport.ts';

/**
 * The channel without a gateway when the other channel has one (say SMTP_URL set, SMS_GATEWAY_URL not). A shop with
 * one real gateway is a real shop: its codes are not printed or listed anywhere, so this channel's messages are not
 * sent. Each fails like an unreachable gateway (retried for about a minute and a half, so a restart with the setting
 * still sends it, then 'failed' with its secret redacted, as after a real transport).
 */
export function createUnconfiguredTransport(variable: 'SMTP_URL' | 'SMS_GATEWAY_URL'): Transport {
  return {
    name: 'unconfigured',
    real: true,
    send() {
      return Promise.reject(new TransportError(`${variable} is not set`));
    },
  };
}
