/**
 * The API's coupon and order messages are English (packages/domain order.ts). The checkout shows the known ones in
 * the visitor's language by matching the text to a key under `checkout.serverMessages`; a text not listed (one that
 * names a product, or a new rule) is shown as the server wrote it (spec §8). server-messages.test.ts checks this list
 * against the domain's texts, which are not imported here because their module ships zod to the browser.
 */
const keys: Record<string, string> = {
  'This coupon code is not valid': 'couponNotFound',
  'This coupon is not active yet': 'couponNotStarted',
  'This coupon has expired': 'couponExpired',
  'This coupon has been fully used': 'couponUsedUp',
  'You have already used this coupon': 'couponUsedByYou',
  'Coupon code must be 1 to 40 characters': 'couponCode',
  'Address not found': 'addressNotFound',
  'Choose a delivery address': 'addressId',
  'This order is still being placed; try again in a moment': 'inFlight',
};

/** "Add items worth ₹499 or more to use this coupon": the amount is kept. */
const minimum = /^Add items worth (.+) or more to use this coupon$/;

export type Translate = (key: string, values?: Record<string, string>) => string;

export function translateServerMessage(message: string, t: Translate): string {
  const key = keys[message];
  if (key) return t(key);
  const match = minimum.exec(message);
  if (match) return t('couponMinimum', { amount: match[1]! });
  return message;
}

export const checkoutServerMessageKeys = keys;
