import { browserApi } from './browser-client';
import { type UserProfile, userProfileSchema } from './user-types';

/** POST /api/user with the bearer token: the API checks the token and answers the profile. */
export function validateUser(): Promise<UserProfile> {
  return browserApi('/api/user', { method: 'POST', signedIn: true, schema: userProfileSchema });
}
