import { type Database, outbox } from '@shop/db';
import type { OutboxMessage } from './messages.ts';

/**
 * Writes a message straight into the outbox table, with the signature of app.outbox.enqueue. Used only
 * when the outbox plugin is not registered (it owns the worker that sends and the wake-up after enqueue).
 */
export async function enqueueDirectly(db: Database, message: OutboxMessage): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      kind: message.kind,
      subject: message.subject ?? null,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
    })
    .returning({ id: outbox.id });
  return (row as { id: string }).id;
}
