import type { MessagePreferencesInput, MessagePreferencesView } from '@shop/domain/message-preferences';
import { browserApi } from './browser-client';
import { array, boolean, guard, object, oneOf, type ResponseSchema } from './shape';

/** Issue 21: the shopper's message preferences and the unsubscribe link's call, from the browser. */

const channel = oneOf('email', 'sms', 'whatsapp');
const preferencesSchema: ResponseSchema<MessagePreferencesView> = guard(
  object({ orderUpdates: array(channel), marketing: array(channel), language: oneOf('en', 'hi', 'ar'), whatsappAvailable: boolean }),
);

export const saveMessagePreferences = (input: MessagePreferencesInput) =>
  browserApi('/api/user/message-preferences', { method: 'PUT', body: input, signedIn: true, schema: preferencesSchema });

/** POST /api/messages/unsubscribe?token=…: marketing e-mail off for the link's holder, no sign-in. */
export async function unsubscribe(token: string): Promise<void> {
  await browserApi('/api/messages/unsubscribe', { method: 'POST', query: { token }, body: {}, schema: guard(object({ unsubscribed: boolean })) });
}
