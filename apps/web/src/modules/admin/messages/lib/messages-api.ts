import 'server-only';
import { z } from 'zod';
import { adminApi } from '@lib/api/admin-fetch';

/** The back office's reads of messages (issue 21): the templates and one order's messages. */

const templateSchema = z.object({
  event: z.string(),
  language: z.enum(['en', 'hi', 'ar']),
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
export type MessageTemplate = z.infer<typeof templateSchema>;

const orderMessageSchema = z.object({
  _id: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  recipient: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OrderMessage = z.infer<typeof orderMessageSchema>;

export async function getMessageTemplates(): Promise<MessageTemplate[]> {
  return (await adminApi('GET', '/api/admin/message-templates', { schema: z.object({ data: z.array(templateSchema) }) })).data;
}

export async function getOrderMessages(orderId: string): Promise<OrderMessage[]> {
  return (await adminApi('GET', `/api/admin/orders/${encodeURIComponent(orderId)}/messages`, { schema: z.object({ data: z.array(orderMessageSchema) }) })).data;
}
