import { isIP } from 'node:net';
import { contactSubmissions } from '@shop/db';
import { keyOfMessage, REPORT_RATE_LIMIT, reportRequestSchema } from '@shop/domain/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { shopAddress } from './shop-inbox.ts';

/** A message is at most ~5 kB of text; anything far larger is not one. */
const BODY_LIMIT = 16 * 1024;

export const reportResponseSchema = z.object({ _id: z.string(), message: z.string() });

/** The notification the shop gets: plain text (the sender's words are never put into HTML). */
function notification(body: { name: string; contact_number: string; email: string; message: string }, key: string | null) {
  const subject = key ? `Complaint about ${key} from ${body.name}` : `Message from ${body.name}`;
  const text = [
    key ? `A complaint was reported about ${key}.` : 'A message was sent through the contact page.',
    '',
    `Name: ${body.name}`,
    `Contact number: ${body.contact_number}`,
    `Email: ${body.email}`,
    ...(key ? [`Key: ${key}`] : []),
    '',
    body.message,
  ].join('\n');
  return { subject: subject.replace(/[\r\n]+/g, ' ').slice(0, 200), text };
}

/**
 * POST /api/report (spec §7): the contact page and the complaint view. Every message is stored (with its key, when
 * the page carried one: the message then ends in "@<key>") and the shop is told through the outbox, in the same
 * transaction. Limited per client address (429 beyond REPORT_RATE_LIMIT).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/report',
    {
      bodyLimit: BODY_LIMIT,
      config: { rateLimit: { max: REPORT_RATE_LIMIT.max, timeWindow: REPORT_RATE_LIMIT.windowMinutes * 60_000 } },
      schema: {
        tags: ['site'],
        summary: `Send a contact or complaint message (${REPORT_RATE_LIMIT.max} per ${REPORT_RATE_LIMIT.windowMinutes} minutes per address)`,
        body: reportRequestSchema,
        response: { 201: reportResponseSchema, 400: errorResponseSchema, 413: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const body = request.body;
      const key = keyOfMessage(body.message, body.key);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactSubmissions)
          .values({
            name: body.name,
            contactNumber: body.contact_number,
            email: body.email,
            message: body.message,
            key,
            ip: isIP(request.ip) ? request.ip : null,
          })
          .returning({ id: contactSubmissions.id });
        const shop = await shopAddress(tx);
        if (shop) await app.outbox.enqueue({ channel: 'email', recipient: shop.email, kind: 'contact-message', ...notification(body, key) }, tx);
        else request.log.warn('report: no contact email in site settings; the message is stored but nobody is told');
        return (row as { id: string }).id;
      });
      return reply.code(201).send({ _id: id, message: 'Message received' });
    },
  );
};
