import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { orderMessages } from '../../messages/order-messages.ts';
import { listTemplates, previewTemplate, saveTemplate } from '../../messages/template-admin.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

const channel = z.enum(['email', 'sms', 'whatsapp']);

const templateSchema = z.object({
  event: z.string(),
  language: z.string(),
  marketing: z.boolean(),
  subject: z.string(),
  intro: z.string(),
  builtInSubject: z.string(),
  builtInIntro: z.string(),
  sms: z.string().nullable(),
  dltTemplateId: z.string().nullable(),
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
});

const text = (max: number) => z.string().trim().max(max);
const templateParams = z.object({ event: z.string().max(60), language: z.string().max(10) });

const previewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string(), sms: z.string().nullable() });

const orderMessageSchema = z.object({
  _id: z.string(),
  channel,
  recipient: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * Back office (issue 21): the message templates (staff): each event in each language, a live preview with sample data
 * (of the saved texts, or of a draft), and saving a subject, an intro and the SMS's DLT template id without a deploy
 * (audit-logged). And the messages of one order with their delivery status, for the order's page.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminMessageTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/message-templates',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Message templates, every event in every language (staff)',
        response: { 200: z.object({ data: z.array(templateSchema) }), ...errors },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return { data: await listTemplates(app.db) };
    },
  );

  app.post(
    '/api/admin/message-templates/:event/:language/preview',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Preview a message with sample data: the saved texts, or a draft subject and intro (staff)',
        params: templateParams,
        body: z.object({ subject: text(200).optional(), intro: text(1000).optional() }),
        response: { 200: previewSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return previewTemplate(app.db, request.params.event, request.params.language, request.body);
    },
  );

  app.put(
    '/api/admin/message-templates/:event/:language',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['admin'],
        summary: "Save a template's subject, intro and DLT template id in one language; empty means the built-in text (staff)",
        params: templateParams,
        body: z.object({
          subject: text(200).nullable(),
          intro: text(1000).nullable(),
          dltTemplateId: z
            .string()
            .trim()
            .regex(/^\d{0,30}$/)
            .nullable(),
        }),
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return saveTemplate(app.db, request.user as RequestUser, request.params.event, request.params.language, request.body);
    },
  );

  app.get(
    '/api/admin/orders/:id/messages',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'The messages sent about an order, with their delivery status (staff)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ data: z.array(orderMessageSchema) }), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { data: await orderMessages(app.db, request.params.id) };
    },
  );
};
