import { PROFILE_NAME_MAX } from './refusals/account.ts';

/**
 * An account's name as sign-up and the profile take it (the API's sign-up and update-user, the storefront's forms):
 * trimmed, 1 to PROFILE_NAME_MAX characters, without control characters or Unicode's text-direction controls
 * (embeddings, overrides and isolates, U+202A-U+202E and U+2066-U+2069), which would make a name read backwards in
 * the back office, on a label or in a message. The name also travels in every access token, so its length bounds
 * the token's (a 20,000-character name made every request too large to be read).
 */

const NOT_IN_A_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export type ProfileNameRefusal = 'name_required' | 'profile_name_too_long' | 'profile_name_characters';

/** The name to store, trimmed, or the code that refuses it (a value that is not a string counts as missing). */
export function checkProfileName(value: unknown): { name: string } | { refusal: ProfileNameRefusal } {
  if (typeof value !== 'string') return { refusal: 'name_required' };
  const name = value.trim();
  if (name === '') return { refusal: 'name_required' };
  if (name.length > PROFILE_NAME_MAX) return { refusal: 'profile_name_too_long' };
  if (NOT_IN_A_NAME.test(name)) return { refusal: 'profile_name_characters' };
  return { name };
}
