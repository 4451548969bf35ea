import 'server-only';
import type { SavedAddress } from './addresses';
import { sessionApiGet } from './session-fetch';

/** The signed-in visitor's saved addresses, default first, read on the server so checkout renders with them. */
export async function getSavedAddresses(): Promise<SavedAddress[]> {
  return (await sessionApiGet<{ data: SavedAddress[] }>('/api/user/addresses')).data;
}
