import { describe, expect, it } from 'vitest';
import { fieldRefusalsOf, firstFieldErrors } from '../field-errors.ts';
import {
  formatAttributes,
  formToInput,
  paiseToRupeesText,
  parseAttributes,
  productFormSchema,
  productInputSchema,
  productToForm,
  rollUpVariants,
  rupeesTextToPaise,
  slugFromName,
} from './products.ts';

describe('admin products: money and text helpers', () => {
  it('turns typed rupees into paise exactly, and back', () => {
    expect(rupeesTextToPaise('1299.5')).toBe(129_950);
    expect(rupeesTextToPaise('0.07')).toBe(7);
    expect(rupeesTextToPaise('19.99')).toBe(1_999);
    expect(paiseToRupeesText(129_950)).toBe('1299.50');
    expect(paiseToRupeesText(49_900)).toBe('499');
    expect(paiseToRupeesText(7)).toBe('0.07');
  });

  it('reads and writes variant attributes as name=value pairs', () => {
    expect(parseAttributes('Colour=Rose Gold; Size = M ;')).toEqual({ Colour: 'Rose Gold', Size: 'M' });
    expect(parseAttributes('Colour')).toBeNull();
    expect(parseAttributes('  ')).toBeNull();
    expect(formatAttributes({ Colour: 'Red', Size: 'M' })).toBe('Colour=Red; Size=M');
  });

  it('makes a slug from a name as the seed does', () => {
    expect(slugFromName("Kid's Mug – Floral & Gold")).toBe('kids-mug-floral-and-gold');
    expect(slugFromName('Café Lamp')).toBe('cafe-lamp');
  });

  it('rolls variants up into the product columns the catalogue reads', () => {
    expect(rollUpVariants([])).toBeNull();
    const rolled = rollUpVariants([
      { price: 500, mrp: 900, stock: 2, attributes: { Size: 'S', Colour: 'Red' } },
      { price: 300, mrp: 400, stock: 5, attributes: { Size: 'L', Colour: 'Red' } },
    ]);
    expect(rolled).toEqual({ price: 300, mrp: 400, stock: 7, attributeValues: ['size:s', 'colour:red', 'size:l'] });
  });
});

describe('admin products: the form and the API input', () => {
  const form = {
    ...productToForm(undefined),
    name: 'Photo Lamp',
    slug: 'photo-lamp',
    categoryId: '4b0c5f0e-6d7e-4a53-9c1e-0a8a3c1d2e3f',
    price: '1299.50',
    mrp: '1499',
    stock: '4',
    customizationType: 'both' as const,
    mediaLimit: '2',
    gstRate: '1800',
    tags: 'lamp, photo, lamp',
  };

  it('converts a valid form into a valid API input in paise', () => {
    expect(productFormSchema.safeParse(form).success).toBe(true);
    const input = formToInput(productFormSchema.parse(form), null);
    expect(input).toMatchObject({
      price: 129_950,
      mrp: 149_900,
      stock: 4,
      mediaLimit: 2,
      customizationType: 'both',
      gstRate: 1800,
      brandId: null,
      tags: ['lamp', 'photo'],
    });
    expect(productInputSchema.safeParse(input).success).toBe(true);
  });

  it('names each wrong field of the form', () => {
    const result = productFormSchema.safeParse({ ...form, price: '12.345', mrp: '10', mediaLimit: '11', gstRate: '7', slug: 'Photo Lamp' });
    expect(result.success).toBe(false);
    expect(fieldRefusalsOf(result.error!)).toMatchObject({
      price: { code: 'product_money_invalid' },
      mediaLimit: { code: 'media_limit_invalid', params: { max: 10 } },
      gstRate: { code: 'gst_rate_invalid' },
      slug: { code: 'product_slug_format' },
    });
    expect(firstFieldErrors(result.error!)).toMatchObject({
      price: 'must be an amount in rupees with at most two decimals',
      mediaLimit: 'must be a whole number from 1 to 10',
      gstRate: 'must be one of 0, 0.25, 3, 5, 12, 18 or 28 (%)',
      slug: 'must be a slug (lower-case letters, digits and dashes)',
    });
    const cheap = productFormSchema.safeParse({ ...form, price: '20', mrp: '10' });
    expect(firstFieldErrors(cheap.error!)).toEqual({ mrp: 'must be at least the price' });
  });

  it('refuses variants whose attribute names differ, and a SKU twice', () => {
    const input = formToInput(productFormSchema.parse(form), null);
    const result = productInputSchema.safeParse({
      ...input,
      variants: [
        { sku: 'A-1', attributes: { Size: 'S' }, price: 100, mrp: 100, stock: 1 },
        { sku: 'a-1', attributes: { Colour: 'Red' }, price: 100, mrp: 50, stock: 1 },
      ],
    });
    expect(firstFieldErrors(result.error!)).toEqual({
      'variants.1.mrp': 'must be at least the price',
      'variants.1.sku': 'appears twice in this product',
      'variants.1.attributes': 'every variant must have the same attribute names',
    });
  });
});
