import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { customisationMessages, MAX_CUSTOMISATION_TEXT } from '@shop/domain/customisation';
import { fieldRefusal } from '@shop/domain/refusals/index';
import { refusalFrom } from '../../../lib/api/refusal';
import { refusalText, type RefusalTranslator } from '../../../lib/api/refusal-text';
import ar from '../../../i18n/messages/ar/customisation.json';
import en from '../../../i18n/messages/en/customisation.json';
import hi from '../../../i18n/messages/hi/customisation.json';
import arRefusals from '../../../i18n/messages/ar/refusals/customisation.json';
import enRefusals from '../../../i18n/messages/en/refusals/customisation.json';
import hiRefusals from '../../../i18n/messages/hi/refusals/customisation.json';
import arGeneral from '../../../i18n/messages/ar/refusals/general.json';
import enGeneral from '../../../i18n/messages/en/refusals/general.json';
import hiGeneral from '../../../i18n/messages/hi/refusals/general.json';
import { customisationFormSchema, formFieldOf, initialUnits, toRequest } from './form-schema';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Tree> = { en, hi, ar };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
const translator = (locale: string) => {
  const t = createTranslator({ locale, messages: catalogues[locale]! });
  return (key: string, values?: Record<string, string | number>) => t(key as never, values as never);
};
/** The dialog's refusal texts: the general area's and the customisation area's, as its message provider loads them. */
const refusalCatalogues: Record<string, Record<string, string>> = {
  en: { ...enGeneral, ...enRefusals },
  hi: { ...hiGeneral, ...hiRefusals },
  ar: { ...arGeneral, ...arRefusals },
};
const refusalsIn = (locale: string) =>
  createTranslator({ locale, messages: { refusals: refusalCatalogues[locale]! }, namespace: 'refusals' }) as unknown as RefusalTranslator;

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

  it("show the rules' refusals by code and params in each language, the spec texts word for word in English", () => {
    const say = (locale: string, refusal: Parameters<typeof refusalText>[0]) => refusalText(refusal, refusalsIn(locale), locale);
    expect(say('en', fieldRefusal('text_required'))).toBe('Details is required');
    expect(say('en', fieldRefusal('image_count', { count: 2 }))).toBe('please select only 2 image for every product');
    expect(say('en', fieldRefusal('text_too_long'))).toBe(`Details can be at most ${MAX_CUSTOMISATION_TEXT} characters`);
    expect(say('hi', fieldRefusal('text_required'))).toBe('जानकारी ज़रूरी है');
    expect(say('ar', fieldRefusal('image_count', { count: 2 }))).toBe('يُرجى اختيار 2 صورة فقط لكل منتج');
    expect(say('hi', fieldRefusal('unit_count', { count: 3 }))).toBe('ऑर्डर की गई 3 इकाइयों में से हर एक के लिए एक प्रविष्टि भेजें');
    expect(say('ar', fieldRefusal('file_too_large'))).toBe('يجب ألا يزيد حجم كل صورة على 10 ميغابايت');
  });

  it("show the API's refusals by their code, never by their English", () => {
    const locked = refusalFrom(409, { code: 'order_locked', message: 'anything at all' });
    expect(refusalText(locked, refusalsIn('hi'), 'hi')).toBe('पर्सनलाइज़ेशन लॉक है: यह ऑर्डर बनना शुरू हो गया है');
    // A schema failure reads as its first field's refusal.
    const invalid = refusalFrom(400, {
      code: 'validation_failed',
      message: 'Invalid customisation.0.text: Details is required',
      errors: { 'customisation.0.text': { code: 'text_required', message: 'Details is required' } },
    });
    expect(refusalText(invalid, refusalsIn('ar'), 'ar')).toBe('التفاصيل مطلوبة');
    const tooMany = refusalFrom(400, {
      code: 'too_many_files',
      message: 'x',
      params: { max: 2 },
      errors: { files: { code: 'too_many_files', message: 'x', params: { max: 2 } } },
    });
    expect(refusalText(tooMany, refusalsIn('ar'), 'ar')).toBe('ارفع صورتين على الأكثر في المرة الواحدة');
    expect(refusalText(tooMany, refusalsIn('en'), 'en')).toBe('Upload at most 2 photos at a time');
    // A code this storefront does not know yet: the API's own text.
    expect(refusalText({ code: 'some_new_rule', message: 'A new rule said no' }, refusalsIn('hi'), 'hi')).toBe('A new rule said no');
  });

  it.each(['hi', 'ar'])('%s has exactly the keys of en, each translated', (locale) => {
    const enText = new Map(leaves(en));
    expect(
      leaves(catalogues[locale]!)
        .map(([key]) => key)
        .sort(),
    ).toEqual([...enText.keys()].sort());
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
  const issuesOf = (
    type: 'text' | 'image' | 'both',
    mediaLimit: number,
    quantity: number,
    units: { text: string; images: ReturnType<typeof image>[] }[],
    say?: Parameters<typeof customisationFormSchema>[2],
  ) => {
    const result = customisationFormSchema({ type, mediaLimit }, quantity, say).safeParse({ units });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('asks for the text of every unit of a text product and ignores stray photos (codes by default)', () => {
    expect(
      issuesOf('text', 1, 2, [
        { text: ' ', images: [image(1)] },
        { text: 'Asha', images: [] },
      ]),
    ).toEqual({ 'units.0.text': 'text_required' });
    expect(
      issuesOf('text', 1, 2, [
        { text: 'Ravi', images: [image(1)] },
        { text: 'Asha', images: [] },
      ]),
    ).toEqual({});
  });

  it('asks for exactly mediaLimit photos per unit of an image product, and no text', () => {
    expect(issuesOf('image', 2, 1, [{ text: '', images: [image(1)] }])).toEqual({ 'units.0.images': 'image_count' });
    expect(issuesOf('image', 2, 1, [{ text: '', images: [image(1), image(2)] }])).toEqual({});
  });

  it("asks for both on a both product, in the shopper's language when given a translation", () => {
    expect(issuesOf('both', 1, 1, [{ text: '', images: [] }])).toEqual({ 'units.0.text': 'text_required', 'units.0.images': 'image_count' });
    const inHindi = (refusal: Parameters<typeof refusalText>[0]) => refusalText(refusal, refusalsIn('hi'), 'hi');
    expect(issuesOf('both', 3, 1, [{ text: '', images: [] }], inHindi)).toEqual({
      'units.0.text': 'जानकारी ज़रूरी है',
      'units.0.images': 'कृपया हर उत्पाद के लिए केवल 3 फ़ोटो चुनें',
    });
    const inEnglish = (refusal: Parameters<typeof refusalText>[0]) => refusalText(refusal, refusalsIn('en'), 'en');
    expect(issuesOf('image', 2, 1, [{ text: '', images: [] }], inEnglish)).toEqual({ 'units.0.images': 'please select only 2 image for every product' });
  });

  it('drops the stray field on submit (spec §5) and sends image ids', () => {
    const units = [{ text: ' Happy birthday ', images: [image(1)] }];
    expect(toRequest({ orderId: 'o', productId: 'p' }, 'text', { units }).customisation).toEqual([{ text: 'Happy birthday', images: [] }]);
    expect(toRequest({ orderId: 'o', productId: 'p' }, 'image', { units }).customisation).toEqual([{ text: '', images: [image(1).id] }]);
    expect(toRequest({ orderId: 'o', productId: 'p', lineId: 'l' }, 'both', { units })).toEqual({
      orderId: 'o',
      productId: 'p',
      lineId: 'l',
      customisation: [{ text: 'Happy birthday', images: [image(1).id] }],
    });
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
