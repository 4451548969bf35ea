import 'server-only';
import { apiOrigin } from './origin';

export interface OutboxMessage {
  _id: string;
  channel: 'email' | 'sms';
  recipient: string;
  kind: string;
  subject: string | null;
  bodyText: string;
  createdAt: string;
  status: string;
}

/** GET /api/dev/outbox: the latest messages, or null when the API does not serve it (production: 404). */
export async function getDevOutbox(limit = 50): Promise<OutboxMessage[] | null> {
  const response = await fetch(new URL(`/api/dev/outbox?limit=${limit}`, apiOrigin()), {
    headers: { accept: 'application/json' },
    cache: 'no-store',
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}`);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}
