import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATE } from '../../src/outbox/sms-template.ts';
import { createSmsGatewayTransport } from '../../src/outbox/transports/sms-gateway.ts';
import { TransportError } from '../../src/outbox/transports/transport.ts';
import { type LocalSmsGateway, startSmsGateway } from './local-servers.ts';

const message = {
  id: '6f1c1d1e-0000-4000-8000-000000000002',
  channel: 'sms' as const,
  recipient: '+919876543210',
  kind: 'otp',
  subject: null,
  text: '123456 is your Kaarigar Gifts sign-in code. It is valid for 5 minutes. Do not share it with anyone.',
  html: null,
};

describe('SMS gateway transport (HTTP to a real local server)', () => {
  let gateway: LocalSmsGateway;
  beforeAll(async () => {
    gateway = await startSmsGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('POSTs the default JSON template with the key as a bearer token', async () => {
    const transport = createSmsGatewayTransport({ url: gateway.url, key: 'gw-key-1', template: DEFAULT_SMS_TEMPLATE });
    expect(transport).toMatchObject({ name: 'sms-gateway', real: true });
    await transport.send(message);
    const request = gateway.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/v1/sms' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer gw-key-1');
    expect(request?.body).toEqual({ to: '+919876543210', message: message.text });
  });

  it('fills a custom template ({national}, {key} in the body) and sends no authorization without a key', async () => {
    const template = '{"sender":"KRGR","numbers":"{national}","apikey":"{key}","text":"{message}"}';
    await createSmsGatewayTransport({ url: gateway.url, template }).send(message);
    const request = gateway.requests.at(-1);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({ sender: 'KRGR', numbers: '9876543210', apikey: '', text: message.text });
  });

  it('fails with the status and the start of the answer when the gateway refuses', async () => {
    gateway.failNext(1, 503);
    const failure = await createSmsGatewayTransport({ url: gateway.url, key: 'k', template: DEFAULT_SMS_TEMPLATE })
      .send(message)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as Error).message).toBe('SMS gateway answered 503: {"error":"gateway busy"}');
  });

  it('fails when the gateway is unreachable or too slow', async () => {
    const other = await startSmsGateway();
    const url = other.url;
    await other.close();
    const unreachable = await createSmsGatewayTransport({ url, template: DEFAULT_SMS_TEMPLATE })
      .send(message)
      .catch((error: unknown) => error);
    expect((unreachable as Error).message).toBe('SMS gateway unreachable: ECONNREFUSED');

    gateway.delay(500);
    const slow = await createSmsGatewayTransport({ url: gateway.url, template: DEFAULT_SMS_TEMPLATE, timeoutMs: 100 })
      .send(message)
      .catch((error: unknown) => error);
    gateway.delay(0);
    expect(slow).toBeInstanceOf(TransportError);
    expect((slow as Error).message).toBe('SMS gateway unreachable: TimeoutError');
  });
});
