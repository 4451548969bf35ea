import { addressLimitMessage, addressMessages, addressNotFoundMessage } from '@shop/domain/address';

/**
 * The address rules' messages come from packages/domain in English (the API answers the same
 * texts). The form shows them in the visitor's language: each English text maps to its key under
 * `account.addressErrors`. A text not found here (a new rule not yet translated) is shown as it is.
 */
export const addressMessageKeys: Record<string, string> = {
  ...Object.fromEntries(Object.entries(addressMessages).map(([key, text]) => [text, key])),
  [addressLimitMessage]: 'limit',
  [addressNotFoundMessage]: 'notFound',
};

export function addressMessageKey(message: string): string | undefined {
  return addressMessageKeys[message];
}
