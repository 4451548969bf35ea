import { isIP } from 'node:net';
import { contactSubmissions, type Database } from '@shop/db';
import type { OutboxMessageInput, OutboxWriter } from '../outbox/enqueue.ts';
import { shopAddress } from './shop-inbox.ts';

interface ContactDeps {
  db: Database;
  /** app.outbox.enqueue: the shop's notification is written in the message's transaction. */
  enqueue(message: OutboxMessageInput, db: OutboxWriter): Promise<string>;
  /** Told when the shop has no contact address yet (the message is stored, nobody is mailed). */
  warn(message: string): void;
}

interface ContactMessage {
  name: string;
  contact_number: string;
  email: string;
  message: string;
}

/** The notification the shop gets: plain text (the sender's words are never put into HTML). */
function notification(body: ContactMessage, key: string | null) {
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
 * Stores a contact or complaint message (with its key, when the page carried one) and tells the shop through the
 * outbox, in one transaction. Answers the stored message's id.
 */
export async function receiveContactMessage(deps: ContactDeps, body: ContactMessage, key: string | null, ip: string): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        name: body.name,
        contactNumber: body.contact_number,
        email: body.email,
        message: body.message,
        key,
        ip: isIP(ip) ? ip : null,
      })
      .returning({ id: contactSubmissions.id });
    const shop = await shopAddress(tx);
    if (shop) await deps.enqueue({ channel: 'email', recipient: shop.email, kind: 'contact-message', ...notification(body, key) }, tx);
    else deps.warn('report: no contact email in site settings; the message is stored but nobody is told');
    return (row as { id: string }).id;
  });
}
