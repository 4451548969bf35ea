import { browserApi } from './browser-client';
import type { UserProfile } from './user-types';

/** POST /api/user with the bearer token: the API checks the token and answers the profile. */
export function validateUser(): Promise<UserProfile> {
  return browserApi<UserProfile>('/api/user', { method: 'POST', signedIn: true });
}
