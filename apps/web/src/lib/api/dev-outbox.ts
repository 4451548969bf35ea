import 'server-only';
import { z } from 'zod';
import { ApiError, serverApi } from './client';

/** One message of the development outbox, as GET /api/dev/outbox answers it. */
const outboxMessageSchema = z.object({
  _id: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  recipient: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  createdAt: z.string(),
  status: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

const outboxSchema = z.object({ data: z.array(outboxMessageSchema) });

/** GET /api/dev/outbox: the latest messages, or null when the API does not serve it (a gateway is set: 404). */
export async function getDevOutbox(limit = 50): Promise<OutboxMessage[] | null> {
  try {
    return (await serverApi('GET', '/api/dev/outbox', { query: { limit }, schema: outboxSchema })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
