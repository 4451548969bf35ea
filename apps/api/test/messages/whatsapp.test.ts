import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startLoopbackCloudApi, type LoopbackCloudApi } from '../../src/messages/whatsapp/loopback-cloud-api.ts';
import { createWhatsAppTransport } from '../../src/outbox/transports/whatsapp.ts';
import { TransportError } from '../../src/outbox/transports/transport.ts';

/** The WhatsApp transport against the loopback Cloud API (decision 073): Meta's request and error shapes. */
describe('WhatsApp Cloud API transport', () => {
  let api: LoopbackCloudApi;
  beforeAll(async () => {
    api = await startLoopbackCloudApi();
  });
  afterAll(async () => {
    await api.close();
  });

  const message = {
    id: '00000000-0000-4000-8000-000000000001',
    channel: 'whatsapp' as const,
    recipient: '+919876543210',
    kind: 'order-shipped',
    subject: null,
    text: 'Kaarigar Gifts: order KG-1 shipped',
    html: null,
    extras: { whatsapp: { template: 'kaarigar_order_shipped', language: 'en', parameters: ['Asha', 'KG-1', 'https://track.example/1'] } },
  };

  it('sends a template message to /{phone-number-id}/messages with the bearer token', async () => {
    const transport = createWhatsAppTransport({ baseUrl: api.baseUrl, phoneNumberId: api.phoneNumberId, accessToken: api.accessToken });
    await transport.send(message);
    expect(api.received.at(-1)).toMatchObject({
      to: '919876543210',
      template: 'kaarigar_order_shipped',
      language: 'en',
      parameters: ['Asha', 'KG-1', 'https://track.example/1'],
    });
  });

  it("fails with Meta's error code on a bad token, while the API is down, and for a message without a template", async () => {
    const wrongToken = createWhatsAppTransport({ baseUrl: api.baseUrl, phoneNumberId: api.phoneNumberId, accessToken: 'EAAnope' });
    await expect(wrongToken.send(message)).rejects.toThrow(/WhatsApp answered 401 \(code 190\)/);
    const transport = createWhatsAppTransport({ baseUrl: api.baseUrl, phoneNumberId: api.phoneNumberId, accessToken: api.accessToken });
    api.down();
    await expect(transport.send(message)).rejects.toBeInstanceOf(TransportError);
    api.down(false);
    await expect(transport.send({ ...message, extras: {} })).rejects.toThrow('WhatsApp: the message has no template');
  });

  it('is off unless configured; the loopback double is refused in production; a half-set pair is named', () => {
    const base = { DATA_DIR: '/tmp/x' };
    expect(loadConfig({ ...base }).whatsapp).toBeUndefined();
    expect(loadConfig({ ...base, WHATSAPP_LOOPBACK: 'true' }).whatsapp).toEqual({ mode: 'loopback' });
    expect(() => loadConfig({ ...base, WHATSAPP_LOOPBACK: 'true', NODE_ENV: 'production' })).toThrow(/WHATSAPP_LOOPBACK: not allowed in production/);
    expect(() => loadConfig({ ...base, WHATSAPP_PHONE_NUMBER_ID: '123456789012345' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID: needs WHATSAPP_ACCESS_TOKEN too/);
    expect(loadConfig({ ...base, WHATSAPP_PHONE_NUMBER_ID: '123456789012345', WHATSAPP_ACCESS_TOKEN: 'EAAx' }).whatsapp).toEqual({
      mode: 'cloud',
      baseUrl: 'https://graph.facebook.com/v21.0',
      phoneNumberId: '123456789012345',
      accessToken: 'EAAx',
    });
  });
});
