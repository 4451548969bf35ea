import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { customisationMessages, MAX_CUSTOMISATION_TEXT, MAX_UPLOAD_MEGAPIXELS } from '@shop/domain/customisation';
import ar from '../../../i18n/messages/ar/customisation.json';
import en from '../../../i18n/messages/en/customisation.json';
import hi from '../../../i18n/messages/hi/customisation.json';
import { customisationFormSchema, formFieldOf, initialUnits, toRequest } from './form-schema';
import { translateCustomisationMessage } from './messages';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Tree> = { en, hi, ar };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
const translator = (locale: string) => {
  const t = createTranslator({ locale, messages: catalogues[locale]! });
  return (key: string, values?: Record<string, string | number>) => t(key as never, values as never);
};
const errorsOf = (locale: string) => {
  const t = createTranslator({ locale, messages: catalogues[locale]!, namespace: 'errors' as never });
  return (key: string, values?: Record<string, number>) => t(key as never, values as never);
};

const image = (n: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, original: `/o/${n}`, thumbnail: `/t/${n}` });

describe('customisation messages', () => {
  it('keep the spec texts word for word in English, as the domain writes them', () => {
    const t = translator('en');
    expect(t('intro', { name: 'Moon lamp' })).toBe(customisationMessages.intro('Moon lamp'));
    expect(t('unitLabel', { unit: 2, name: 'Moon lamp' })).toBe(customisationMessages.unitLabel(2, 'Moon lamp'));
    expect(t('placeholder')).toBe(customisationMessages.placeholder);
    expect(t('uploading')).toBe(customisationMessages.uploading);
    expect(t('send')).toBe(customisationMessages.send);
    expect(t('success')).toBe(customisationMessages.success);
  });

  it('translate every rule message of the domain back to itself in English', () => {
    const t = errorsOf('en');
    const samples = [
      ...(Object.values(customisationMessages) as unknown[]).filter((m): m is string => typeof m === 'string'),
      ...[1, 2, 3, 10].flatMap((n) => [customisationMessages.imageCount(n), customisationMessages.unitCount(n), customisationMessages.tooManyFiles(n)]),
    ].filter((m) => !([customisationMessages.placeholder, customisationMessages.uploading, customisationMessages.send, customisationMessages.success] as string[]).includes(m));
    for (const message of samples) expect(translateCustomisationMessage(message, t)).toBe(message);
    expect(customisationMessages.textTooLong).toContain(String(MAX_CUSTOMISATION_TEXT));
    expect(customisationMessages.tooManyPixels).toContain(String(MAX_UPLOAD_MEGAPIXELS));
  });

  it('show rule messages in Hindi and Arabic, and unknown texts as sent', () => {
    expect(translateCustomisationMessage(customisationMessages.textRequired, errorsOf('hi'))).toBe('जानकारी ज़रूरी है');
    expect(translateCustomisationMessage(customisationMessages.imageCount(2), errorsOf('ar'))).toBe('يُرجى اختيار 2 صورة فقط لكل منتج');
    expect(translateCustomisationMessage('Something new', errorsOf('hi'))).toBe('Something new');
  });

  it.each(['hi', 'ar'])('%s has exactly the keys of en, each translated', (locale) => {
    const enText = new Map(leaves(en));
    expect(leaves(catalogues[locale]!).map(([key]) => key).sort()).toEqual([...enText.keys()].sort());
    expect(leaves(catalogues[locale]!).filter(([key, text]) => text === enText.get(key))).toEqual([]);
  });

  it.each(['en', 'hi', 'ar'])('every %s message formats with its placeholders', (locale) => {
    const errors: string[] = [];
    const t = createTranslator({ locale, messages: catalogues[locale]!, onError: (e) => errors.push(e.message) });
    for (const [key] of leaves(catalogues[locale]!)) {
      const text = t(key as never, { count: 2, unit: 1, index: 1, name: 'Moon lamp', max: 500, time: '23 Nov' } as never);
      expect(text).not.toMatch(/\{[a-z]+\}/i);
    }
    expect(errors).toEqual([]);
  });
});

describe('customisation form', () => {
  const issuesOf = (type: 'text' | 'image' | 'both', mediaLimit: number, quantity: number, units: { text: string; images: ReturnType<typeof image>[] }[]) => {
    const result = customisationFormSchema({ type, mediaLimit }, quantity).safeParse({ units });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('asks for the text of every unit of a text product and ignores stray photos', () => {
    expect(issuesOf('text', 1, 2, [{ text: ' ', images: [image(1)] }, { text: 'Asha', images: [] }])).toEqual({ 'units.0.text': 'Details is required' });
    expect(issuesOf('text', 1, 2, [{ text: 'Ravi', images: [image(1)] }, { text: 'Asha', images: [] }])).toEqual({});
  });

  it('asks for exactly mediaLimit photos per unit of an image product, and no text', () => {
    expect(issuesOf('image', 2, 1, [{ text: '', images: [image(1)] }])).toEqual({ 'units.0.images': 'please select only 2 image for every product' });
    expect(issuesOf('image', 2, 1, [{ text: '', images: [image(1), image(2)] }])).toEqual({});
  });

  it('asks for both on a both product', () => {
    expect(issuesOf('both', 1, 1, [{ text: '', images: [] }])).toEqual({
      'units.0.text': 'Details is required',
      'units.0.images': 'please select only 1 image for every product',
    });
  });

  it('drops the stray field on submit (spec §5) and sends image ids', () => {
    const units = [{ text: ' Happy birthday ', images: [image(1)] }];
    expect(toRequest({ orderId: 'o', productId: 'p' }, 'text', { units }).customisation).toEqual([{ text: 'Happy birthday', images: [] }]);
    expect(toRequest({ orderId: 'o', productId: 'p' }, 'image', { units }).customisation).toEqual([{ text: '', images: [image(1).id] }]);
    expect(toRequest({ orderId: 'o', productId: 'p', lineId: 'l' }, 'both', { units })).toEqual({ orderId: 'o', productId: 'p', lineId: 'l', customisation: [{ text: 'Happy birthday', images: [image(1).id] }] });
  });

  it('starts from what was sent before, one entry per unit', () => {
    expect(initialUnits(2, null)).toEqual([
      { text: '', images: [] },
      { text: '', images: [] },
    ]);
    expect(initialUnits(2, [{ text: 'A', customization_image: [image(1)] }])).toEqual([
      { text: 'A', images: [image(1)] },
      { text: '', images: [] },
    ]);
  });

  it("maps the API's field keys to the form's", () => {
    expect(formFieldOf('customisation.3.images')).toBe('units.3.images');
    expect(formFieldOf('customisation.0.text')).toBe('units.0.text');
    expect(formFieldOf('customisation')).toBe('units');
    expect(formFieldOf('orderId')).toBeNull();
  });
});
