import { contactKeySchema } from '@shop/domain/contact';

/**
 * The `key` query parameter of the page the form is on (spec §2: "an optional query parameter named key on the
 * current page changes how the message is sent"), read when the form is sent so it is the page's current one.
 */
export function currentPageKey(search: string = typeof window === 'undefined' ? '' : window.location.search): string | null {
  const key = new URLSearchParams(search).get('key')?.trim();
  return key ? key : null;
}

/** The key as its own field too, when it is one the API files messages under (letters, digits, . _ -). */
export function fileableKey(key: string | null): string | undefined {
  return key && contactKeySchema.safeParse(key).success ? key : undefined;
}
