import 'server-only';
import { messagePreferencesSchema, type MessagePreferencesView } from '@shop/domain/message-preferences';
import { serverApi } from './client';

/** The signed-in visitor's message preferences (issue 21), read on the server so the page renders with them. */
export function getMessagePreferences(): Promise<MessagePreferencesView> {
  return serverApi('GET', '/api/user/message-preferences', { session: 'visitor', schema: messagePreferencesSchema });
}
