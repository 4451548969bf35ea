import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LoopbackCarrier } from '../../src/shipping/shiprocket/loopback-carrier.ts';
import { call } from '../orders/order-helpers.ts';

export const WEBHOOK = '/api/shipping/shiprocket/webhook';

/**
 * The text drawn in a PDF's standard-font runs: pdfkit writes them as hex strings (`<41574220…>`) inside TJ arrays,
 * in content streams that may be deflated. Enough to find an AWB on a label without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [raw];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      streams.push(inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1'));
    } catch {
      // Not deflated: already in `raw`.
    }
  }
  const runs: string[] = [];
  for (const stream of streams) {
    for (const array of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      runs.push([...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return runs.join('\n');
}

/** Sends one tracking update as Shiprocket would (its token as x-api-key) and answers the outcome. */
export async function sendWebhook(app: FastifyInstance, carrier: LoopbackCarrier, payload: unknown, token = carrier.credentials.webhookToken) {
  const response = await app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'x-api-key': token, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return response;
}

export async function ship(app: FastifyInstance, staff: { cookie: string }, orderId: string, body: unknown = {}) {
  const response = await call(app, 'POST', `/api/admin/orders/${orderId}/shipment`, staff, body);
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json<{ _id: string; awb: string; status: string; orderNumber: string; parcels: unknown[]; labelPath: string }>();
}
