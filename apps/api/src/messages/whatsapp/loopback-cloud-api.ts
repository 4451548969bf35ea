import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for Meta's WhatsApp Cloud API (decision 073), like the loopback Razorpay (decision 059): a real
 * node:http server on 127.0.0.1 that takes `POST /{version}/{phone-number-id}/messages` with a bearer token and a
 * template message, answers as Meta does (`{messaging_product, contacts:[{input, wa_id}], messages:[{id:"wamid…"}]}`)
 * and refuses in Meta's error envelope (`{error:{message, type, code, fbtrace_id}}`): 401 code 190 for a bad token,
 * 400 code 100 for a malformed body, 503 code 2 while `down`. Never in production (config.ts refuses it).
 */

export interface LoopbackWhatsAppMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

export interface LoopbackCloudApi {
  /** The base URL to put in WHATSAPP_API_URL's place, e.g. http://127.0.0.1:41234/v21.0. */
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  received: LoopbackWhatsAppMessage[];
  /** Answer every request with 503 until called with false. */
  down(isDown?: boolean): void;
  close(): Promise<void>;
}

const VERSION = 'v21.0';

function metaError(reply: ServerResponse, status: number, code: number, message: string, type = 'OAuthException'): void {
  reply.writeHead(status, { 'content-type': 'application/json' });
  reply.end(JSON.stringify({ error: { message, type, code, fbtrace_id: randomBytes(8).toString('hex') } }));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The template message a request carries, or a reason it is not one. */
function templateOf(body: unknown): Omit<LoopbackWhatsAppMessage, 'id'> | string {
  const value = body as {
    messaging_product?: unknown;
    to?: unknown;
    type?: unknown;
    template?: {
      name?: unknown;
      language?: { code?: unknown };
      components?: Array<{ type?: unknown; parameters?: Array<{ type?: unknown; text?: unknown }> }>;
    };
  };
  if (value?.messaging_product !== 'whatsapp') return '(#100) The parameter messaging_product is required.';
  if (typeof value.to !== 'string' || !/^\d{8,15}$/.test(value.to)) return '(#100) Invalid parameter: to';
  if (value.type !== 'template' || !value.template) return '(#100) Only template messages may start a conversation';
  const { name, language, components = [] } = value.template;
  if (typeof name !== 'string' || !name) return '(#100) The parameter template[name] is required.';
  if (typeof language?.code !== 'string') return '(#100) The parameter template[language][code] is required.';
  const parameters: string[] = [];
  for (const component of components) {
    for (const parameter of component.parameters ?? []) {
      if (parameter.type !== 'text' || typeof parameter.text !== 'string') return '(#100) Invalid parameter';
      parameters.push(parameter.text);
    }
  }
  return { to: value.to, template: name, language: language.code, parameters };
}

export async function startLoopbackCloudApi(): Promise<LoopbackCloudApi> {
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e14));
  const accessToken = `EAAloopback${randomBytes(16).toString('hex')}`;
  const received: LoopbackWhatsAppMessage[] = [];
  let isDown = false;
  const server: Server = createServer((request, reply) => {
    void (async () => {
      const body = await readBody(request);
      if (isDown) return metaError(reply, 503, 2, 'Service temporarily unavailable', 'OAuthException');
      if (request.method !== 'POST' || request.url !== `/${VERSION}/${phoneNumberId}/messages`) {
        return metaError(reply, 400, 100, 'Unsupported post request.', 'GraphMethodException');
      }
      if (request.headers.authorization !== `Bearer ${accessToken}`) return metaError(reply, 401, 190, 'Invalid OAuth access token.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return metaError(reply, 400, 100, '(#100) Invalid JSON', 'OAuthException');
      }
      const template = templateOf(parsed);
      if (typeof template === 'string') return metaError(reply, 400, 100, template);
      const id = `wamid.${randomBytes(24).toString('base64url')}`;
      received.push({ id, ...template });
      reply.writeHead(200, { 'content-type': 'application/json' });
      reply.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: template.to, wa_id: template.to }], messages: [{ id }] }));
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/${VERSION}`,
    phoneNumberId,
    accessToken,
    received,
    down(value = true) {
      isDown = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
