import { describe, expect, it } from 'vitest';
import { fieldRefusalsOf } from './field-errors.ts';
import { orderStatuses } from './order-status.ts';
import { refusalMessage } from './refusals/index.ts';
import {
  checkCustomisation,
  checkSelectedFileCount,
  customisationApiPaths,
  customisationClosedCode,
  customisationMessages,
  customisationOpen,
  customisationRequestSchema,
  DEFAULT_MEDIA_LIMIT,
  lineCustomisationSchema,
  MAX_CUSTOMISATION_TEXT,
  MAX_CUSTOMISED_UNITS,
  MAX_MEDIA_LIMIT,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MEGAPIXELS,
  mediaLimitOf,
  shapeCustomisation,
  sniffImageFormat,
  THUMBNAIL_SIZE,
} from './customisation.ts';

const ORDER = '0b6c2f7e-3f0a-4d8e-9a51-2f4b8c1d9e70';
const PRODUCT = '5d1e8a2c-7b44-4c3f-8e0d-1a2b3c4d5e6f';
const IMG = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'] as const;

/** The code per field of a failed parse. */
const errorsOf = (input: unknown) => {
  const result = customisationRequestSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(Object.entries(fieldRefusalsOf(result.error)).map(([field, refusal]) => [field, refusal.code]));
};
/** The code per field of a check (and its params, when it has any). */
const codesOf = (errors: Record<string, { code: string; params?: unknown }>) =>
  Object.fromEntries(Object.entries(errors).map(([field, refusal]) => [field, refusal.params ? [refusal.code, refusal.params] : refusal.code]));

describe('customisation texts (spec §2, §5, §8 word for word)', () => {
  it('has the dialog texts', () => {
    expect(customisationMessages.intro('Photo lamp')).toBe('Enter your customization details below for product Photo lamp.');
    expect(customisationMessages.unitLabel(2, 'Photo lamp')).toBe('Quantity 2 : Photo lamp');
    expect(customisationMessages.placeholder).toBe('Add customization details');
    expect(customisationMessages.uploading).toBe('Uploading...');
    expect(customisationMessages.send).toBe('Send');
    expect(customisationMessages.success).toBe('Details added successfully');
  });

  it("has the rules' refusal texts", () => {
    expect(refusalMessage('text_required')).toBe('Details is required');
    expect(refusalMessage('image_count', { count: 2 })).toBe('please select only 2 image for every product');
    // "{mediaLimit or 1}": a zero limit reads 1.
    expect(refusalMessage('image_count', { count: 0 })).toBe('please select only 1 image for every product');
    expect(refusalMessage('unit_count', { count: 1 })).toBe('Send one entry for each of the 1 ordered unit');
    expect(refusalMessage('unit_count', { count: 3 })).toBe('Send one entry for each of the 3 ordered units');
    expect(refusalMessage('too_many_files', { max: 4 })).toBe('Upload at most 4 photos at a time');
    expect(refusalMessage('text_too_long')).toBe(`Details can be at most ${MAX_CUSTOMISATION_TEXT} characters`);
    expect(refusalMessage('too_many_pixels', { max: MAX_UPLOAD_MEGAPIXELS })).toBe('Each photo must be 25 megapixels or fewer');
    expect(refusalMessage('file_too_large')).toBe('Each photo must be 10 MB or smaller');
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
  });

  it('has the paths of spec §7 and the serving path', () => {
    expect(customisationApiPaths.upload).toBe('/api/user/order/customised-uploads');
    expect(customisationApiPaths.add).toBe('/api/user/order/customized-add');
    expect(customisationApiPaths.image(IMG[0], 'thumbnail')).toBe(`/api/user/uploads/${IMG[0]}/thumbnail`);
    expect(customisationApiPaths.image('a/b', 'display')).toBe('/api/user/uploads/a%2Fb/display');
  });
});

describe('mediaLimitOf (spec §9: default 1)', () => {
  it.each([
    [undefined, 1],
    [null, 1],
    [{ mediaLimit: 3 }, 3],
    [{ mediaLimit: 0 }, 1],
    [{ mediaLimit: -2 }, 1],
    [{ mediaLimit: 1.5 }, 1],
  ])('%j → %d', (input, limit) => {
    expect(mediaLimitOf(input as never)).toBe(limit);
  });
  it('has the spec constants', () => {
    expect(DEFAULT_MEDIA_LIMIT).toBe(1);
    expect(THUMBNAIL_SIZE).toBe(80);
  });
});

describe('customisation request schema', () => {
  it('takes ids, and image references as ids or as the upload answer (only the id is kept)', () => {
    const parsed = customisationRequestSchema.parse({
      productId: PRODUCT,
      orderId: ORDER,
      customisation: [{ text: 'Asha', images: [IMG[0], { id: IMG[1], original: '/x', thumbnail: '/y' }] }, {}],
    });
    expect(parsed.customisation).toEqual([
      { text: 'Asha', images: [IMG[0], IMG[1]] },
      { text: '', images: [] },
    ]);
  });

  it.each([
    [{ orderId: ORDER, customisation: [{}] }, { productId: 'product_id_invalid' }],
    [{ productId: 'x', orderId: ORDER, customisation: [{}] }, { productId: 'product_id_invalid' }],
    [{ productId: PRODUCT, customisation: [{}] }, { orderId: 'order_id_invalid' }],
    [{ productId: PRODUCT, orderId: '12', customisation: [{}] }, { orderId: 'order_id_invalid' }],
    [{ productId: PRODUCT, orderId: ORDER }, { customisation: 'units_missing' }],
    [{ productId: PRODUCT, orderId: ORDER, customisation: 'x' }, { customisation: 'units_missing' }],
    [{ productId: PRODUCT, orderId: ORDER, customisation: [{ text: 5 }] }, { 'customisation.0.text': 'text_required' }],
    [{ productId: PRODUCT, orderId: ORDER, customisation: [{ images: ['nope'] }] }, { 'customisation.0.images.0': 'image_not_found' }],
    [{ productId: PRODUCT, orderId: ORDER, customisation: [{ images: [{ url: 'x' }] }] }, { 'customisation.0.images.0': 'image_not_found' }],
    [{ productId: PRODUCT, orderId: ORDER, customisation: [{ images: 'x' }] }, { 'customisation.0.images': 'image_not_found' }],
  ])('%j → %j', (input, errors) => {
    expect(errorsOf(input)).toEqual(errors);
  });

  it('lets an empty list through: the line says how many entries it needs (unit_count)', () => {
    expect(customisationRequestSchema.parse({ productId: PRODUCT, orderId: ORDER, customisation: [] }).customisation).toEqual([]);
  });

  it('takes an optional lineId (a product in the order twice), which must be an id', () => {
    expect(customisationRequestSchema.parse({ productId: PRODUCT, orderId: ORDER, lineId: IMG[2], customisation: [{}] }).lineId).toBe(IMG[2]);
    expect(errorsOf({ productId: PRODUCT, orderId: ORDER, lineId: 'first', customisation: [{}] })).toEqual({ lineId: 'line_id_needed' });
  });

  it('refuses more than MAX_MEDIA_LIMIT images for one unit', () => {
    const images = Array.from({ length: MAX_MEDIA_LIMIT + 1 }, () => IMG[0]);
    expect(errorsOf({ productId: PRODUCT, orderId: ORDER, customisation: [{ images }] })).toEqual({ 'customisation.0.images': 'too_many_images' });
  });

  it('refuses more entries than a line can have units', () => {
    const customisation = Array.from({ length: MAX_CUSTOMISED_UNITS + 1 }, () => ({}));
    expect(errorsOf({ productId: PRODUCT, orderId: ORDER, customisation })).toEqual({ customisation: 'too_many_units' });
  });
});

describe('shapeCustomisation (spec §5: the stray field is dropped)', () => {
  const entries = [{ text: '  Asha  ', images: [IMG[0]] }];
  it('text sends the trimmed text and no images', () => {
    expect(shapeCustomisation('text', entries)).toEqual([{ text: 'Asha', images: [] }]);
  });
  it('image sends the images and an empty text', () => {
    expect(shapeCustomisation('image', entries)).toEqual([{ text: '', images: [IMG[0]] }]);
  });
  it('both sends both', () => {
    expect(shapeCustomisation('both', entries)).toEqual([{ text: 'Asha', images: [IMG[0]] }]);
  });
  it("does not share the caller's arrays", () => {
    const shaped = shapeCustomisation('image', entries);
    shaped[0]!.images.push(IMG[1]);
    expect(entries[0]!.images).toEqual([IMG[0]]);
  });
});

describe('checkCustomisation (spec §5)', () => {
  const text = { type: 'text', mediaLimit: 1 } as const;
  const image2 = { type: 'image', mediaLimit: 2 } as const;
  const both = { type: 'both', mediaLimit: 1 } as const;
  const check = (...args: Parameters<typeof checkCustomisation>) => codesOf(checkCustomisation(...args));

  it('passes complete details', () => {
    expect(
      check(text, 2, [
        { text: 'A', images: [] },
        { text: 'B', images: [] },
      ]),
    ).toEqual({});
    expect(check(image2, 1, [{ text: '', images: [IMG[0], IMG[1]] }])).toEqual({});
    expect(check(both, 1, [{ text: 'A', images: [IMG[0]] }])).toEqual({});
  });

  it('wants one entry per ordered unit, naming the quantity', () => {
    expect(check(text, 2, [{ text: 'A', images: [] }])).toEqual({ customisation: ['unit_count', { count: 2 }] });
    expect(
      check(text, 1, [
        { text: 'A', images: [] },
        { text: 'B', images: [] },
      ]),
    ).toEqual({ customisation: ['unit_count', { count: 1 }] });
    expect(check(text, 2, [])).toEqual({ customisation: ['unit_count', { count: 2 }] });
  });

  it('requires the text for text and both, keyed per unit, with the spec text', () => {
    expect(
      check(text, 2, [
        { text: 'A', images: [] },
        { text: '   ', images: [] },
      ]),
    ).toEqual({ 'customisation.1.text': 'text_required' });
    expect(checkCustomisation(both, 1, [{ text: '', images: [IMG[0]] }])).toEqual({
      'customisation.0.text': { code: 'text_required', message: 'Details is required' },
    });
  });

  it('does not ask for a text for image products', () => {
    expect(check(image2, 1, [{ text: '', images: [IMG[0], IMG[1]] }])).toEqual({});
  });

  it('limits the text length (naming the maximum) and refuses control characters', () => {
    expect(check(text, 1, [{ text: 'x'.repeat(MAX_CUSTOMISATION_TEXT), images: [] }])).toEqual({});
    expect(check(text, 1, [{ text: 'x'.repeat(MAX_CUSTOMISATION_TEXT + 1), images: [] }])).toEqual({
      'customisation.0.text': ['text_too_long', { max: MAX_CUSTOMISATION_TEXT }],
    });
    expect(check(text, 1, [{ text: 'a\u0000b', images: [] }])).toEqual({ 'customisation.0.text': 'text_invalid' });
    // Line breaks are fine: a message on two lines.
    expect(check(text, 1, [{ text: 'Happy\nbirthday', images: [] }])).toEqual({});
  });

  it('wants exactly mediaLimit images per unit for image and both (default 1)', () => {
    expect(checkCustomisation(image2, 1, [{ text: '', images: [IMG[0]] }])).toEqual({
      'customisation.0.images': { code: 'image_count', message: 'please select only 2 image for every product', params: { count: 2 } },
    });
    expect(check(image2, 1, [{ text: '', images: [IMG[0], IMG[1], IMG[2]] }])).toEqual({ 'customisation.0.images': ['image_count', { count: 2 }] });
    expect(
      check(both, 2, [
        { text: 'A', images: [IMG[0]] },
        { text: 'B', images: [] },
      ]),
    ).toEqual({ 'customisation.1.images': ['image_count', { count: 1 }] });
    expect(checkCustomisation({ type: 'image', mediaLimit: 0 }, 1, [{ text: '', images: [] }])['customisation.0.images']?.message).toBe(
      'please select only 1 image for every product',
    );
  });

  it('reports every problem at once', () => {
    expect(
      check(both, 3, [
        { text: '', images: [] },
        { text: 'B', images: [IMG[0]] },
      ]),
    ).toEqual({
      customisation: ['unit_count', { count: 3 }],
      'customisation.0.text': 'text_required',
      'customisation.0.images': ['image_count', { count: 1 }],
    });
  });
});

describe('checkSelectedFileCount (spec §5: raised at upload time)', () => {
  it('is null when the count equals mediaLimit, else the count refusal', () => {
    expect(checkSelectedFileCount({ mediaLimit: 2 }, 2)).toBeNull();
    expect(checkSelectedFileCount({ mediaLimit: 2 }, 1)).toEqual({
      code: 'image_count',
      message: 'please select only 2 image for every product',
      params: { count: 2 },
    });
    expect(checkSelectedFileCount({ mediaLimit: 2 }, 3)?.code).toBe('image_count');
    expect(checkSelectedFileCount({ mediaLimit: 0 }, 1)).toBeNull();
  });
});

describe('customisationOpen: until the order goes into production', () => {
  it.each(orderStatuses.map((status) => [status, status === 'placed' || status === 'confirmed'] as const))('%s → %s', (status, open) => {
    expect(customisationOpen(status)).toBe(open);
    expect(customisationClosedCode(status)).toBe(open ? null : status === 'cancelled' ? 'order_cancelled' : 'order_locked');
  });
  it('says why in the words of the refusals', () => {
    expect(refusalMessage('order_locked')).toBe('Personalisation is locked: this order has gone into production');
    expect(refusalMessage('order_cancelled')).toBe('This order was cancelled: personalisation can no longer be sent');
  });
});

describe('lineCustomisationSchema', () => {
  it('reads a line not yet sent and one sent', () => {
    expect(lineCustomisationSchema.parse({ units: null, sentAt: null, locked: false })).toEqual({ units: null, sentAt: null, locked: false });
    const sent = {
      units: [{ text: 'A', customization_image: [{ id: IMG[0], original: '/o', thumbnail: '/t' }] }],
      sentAt: '2026-11-23T10:00:00.000Z',
      locked: true,
    };
    expect(lineCustomisationSchema.parse(sent)).toEqual(sent);
  });
});

describe('sniffImageFormat (by bytes, never by name)', () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])));
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10)],
    ['png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0)],
    ['webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')],
    ['heif', bytes(0, 0, 0, 0x1c, 'ftypheic', 0, 0, 0, 0)],
    ['heif', bytes(0, 0, 0, 0x1c, 'ftypmif1', 0, 0, 0, 0)],
    ['heif', bytes(0, 0, 0, 0x1c, 'ftyphevc', 0, 0, 0, 0)],
  ])('%s', (format, input) => {
    expect(sniffImageFormat(input)).toBe(format);
  });

  it.each([
    ['text', bytes('hello, this is a text file')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['html', bytes('<!doctype html><html></html>')],
    ['gif', bytes('GIF89a', 0, 0, 0, 0, 0, 0)],
    ['avif', bytes(0, 0, 0, 0x1c, 'ftypavif', 0, 0, 0, 0)],
    ['mp4', bytes(0, 0, 0, 0x1c, 'ftypisom', 0, 0, 0, 0)],
    ['empty', bytes()],
    ['short jpeg', bytes(0xff, 0xd8)],
    ['riff not webp', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')],
  ])('refuses %s', (_name, input) => {
    expect(sniffImageFormat(input)).toBeNull();
  });
});
