import { customisationMessages, MAX_CUSTOMISATION_TEXT, MAX_UPLOAD_MEGAPIXELS } from '@shop/domain/customisation';

/** A translator of the `customisation.errors` namespace (next-intl's `t`, or a test's createTranslator). */
export type ErrorTranslator = (key: string, values?: Record<string, number>) => string;

type Key = keyof typeof customisationMessages;

/** Domain messages without a value, by their English text. */
const fixed = new Map<string, string>(
  (Object.entries(customisationMessages) as [Key, unknown][])
    .filter((entry): entry is [Key, string] => typeof entry[1] === 'string')
    .map(([key, text]) => [text, key]),
);
/**
 * The rule messages `customisation.errors` translates. A message the domain gains later is shown in English until it
 * is added here and to the three catalogues.
 */
const translated = new Set<string>([
  'textRequired', 'textTooLong', 'textInvalid', 'orderId', 'productId', 'lineId', 'orderNotFound', 'productNotInOrder', 'notCustomisable',
  'locked', 'cancelled', 'imageNotFound', 'imageInUse', 'noFiles', 'fileType', 'fileTooLarge', 'tooManyPixels', 'unreadable',
]);

/** Units a line can have, for messages that name a count (the order form allows at most this many of a product). */
const MAX_COUNT = 99;

/**
 * The rules (packages/domain) and the API answer in English; the dialog shows them in the visitor's language by
 * finding the message's key (and its value, for the counting ones) and translating that. A text it does not know is
 * shown as the server sent it (spec §8: the error's message).
 */
export function translateCustomisationMessage(message: string, t: ErrorTranslator): string {
  const key = fixed.get(message);
  if (key && translated.has(key)) {
    if (key === 'textTooLong') return t('textTooLong', { max: MAX_CUSTOMISATION_TEXT });
    if (key === 'tooManyPixels') return t('tooManyPixels', { max: MAX_UPLOAD_MEGAPIXELS });
    return t(key);
  }
  for (let count = 1; count <= MAX_COUNT; count++) {
    if (message === customisationMessages.imageCount(count)) return t('imageCount', { count });
    if (message === customisationMessages.unitCount(count)) return t('unitCount', { count });
    if (message === customisationMessages.tooManyFiles(count)) return t('tooManyFiles', { count });
  }
  return message;
}
