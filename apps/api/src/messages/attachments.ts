import type { OutboxExtras } from '@shop/db';
import type { LoadedAttachment } from '../outbox/transports/transport.ts';
import type { MessageEvent } from './events.ts';

/**
 * Files attached to order mails, from whichever feature makes them (the GST invoice on the shipped mail, issue 21).
 * A provider registers a kind and the events it attaches to; an enqueued mail stores only `{kind, ref}` (the order's
 * id), and the worker loads the file when it sends the mail, so the outbox never holds a PDF and the file is the one
 * stored at that moment. A provider answers null when the order has no such file (a mail without it goes out), and
 * throws when it cannot tell yet (the mail is retried with back-off, like a transport error).
 */
export interface AttachmentProvider {
  kind: string;
  events: readonly MessageEvent[];
  load(orderId: string): Promise<LoadedAttachment | null>;
}

export { AttachmentPending } from '../outbox/transports/transport.ts';

const providers = new Map<string, AttachmentProvider>();

/** Registers (or replaces) the provider of one kind; call it at start-up. */
export function registerAttachmentProvider(provider: AttachmentProvider): () => void {
  providers.set(provider.kind, provider);
  return () => {
    if (providers.get(provider.kind) === provider) providers.delete(provider.kind);
  };
}

/** The attachments an order's mail for this event carries, as stored in the outbox row. */
export function attachmentRefs(event: MessageEvent, orderId: string): NonNullable<OutboxExtras['attachments']> {
  return [...providers.values()].filter((provider) => provider.events.includes(event)).map((provider) => ({ kind: provider.kind, ref: orderId }));
}

/** The worker's loader (outbox/worker.ts): each ref through its provider; a kind no longer registered is an error. */
export async function loadAttachments(refs: NonNullable<OutboxExtras['attachments']>): Promise<LoadedAttachment[]> {
  const files = await Promise.all(
    refs.map((ref) => {
      const provider = providers.get(ref.kind);
      if (!provider) throw new Error(`no attachment provider for ${ref.kind}`);
      return provider.load(ref.ref);
    }),
  );
  return files.filter((file) => file !== null);
}
