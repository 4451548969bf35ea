import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@shop/domain/catalogue';
import { absoluteUrl, jsonForScript, productJsonLd, summarise } from './seo';

const product = {
  _id: 'p1',
  name: 'Moon Lamp',
  slug: 'moon-lamp',
  image: null,
  images: [{ id: 'i1', original: '/api/media/catalogue/moon.webp', width: 800, height: 800 }],
  price: 129999,
  mrp: 149900,
  discountPercent: 13,
  stock: 0,
  inStock: false,
  cod: true,
  product_customization: null,
  rating: { average: 4.26, count: 12 },
  hasVariants: true,
  flashSaleEndsAt: null,
  category: { _id: 'c1', name: 'Lamps', slug: 'lamps' },
  description: 'A lamp.',
  brand: { _id: 'b1', name: 'Kaarigar', slug: 'kaarigar' },
  tags: [],
  hsnCode: '9405',
  gstRate: 1200,
  weightGrams: 400,
  unitsSold: 3,
  featured: false,
  newArrival: false,
  unique: false,
  onSelling: false,
  variants: [{ _id: 'v1', sku: 'ML-1', attributes: { Size: 'S' }, price: 99900, mrp: 99900, stock: 2 }],
  attributes: [{ name: 'Size', values: ['S'] }],
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies ProductDetail;

afterEach(() => {
  delete process.env.SITE_URL;
});

describe('productJsonLd', () => {
  it('gives rupees, INR, availability and absolute URLs from SITE_URL', () => {
    process.env.SITE_URL = 'https://gifts.example/';
    const ld = productJsonLd(product, undefined);
    expect(ld.offers).toMatchObject({
      price: '1299.99',
      priceCurrency: 'INR',
      availability: 'https://schema.org/OutOfStock',
      url: 'https://gifts.example/product/moon-lamp',
    });
    expect(ld.image).toEqual(['https://gifts.example/api/media/catalogue/moon.webp']);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 12 });
  });

  it('describes the chosen variant and leaves out a rating nobody gave', () => {
    const ld = productJsonLd({ ...product, rating: { average: 0, count: 0 } }, product.variants[0]);
    expect(ld).toMatchObject({ sku: 'ML-1', offers: { price: '999.00', availability: 'https://schema.org/InStock' } });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(absoluteUrl('/x')).toBe('http://localhost:3000/x');
  });
});

describe('script and meta text', () => {
  it('escapes "<" so data cannot close the script element', () => {
    expect(jsonForScript({ d: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
  it('cuts long descriptions at a word with an ellipsis', () => {
    const text = summarise('word '.repeat(60), 100);
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text.endsWith('…')).toBe(true);
    expect(summarise('  short\n text ')).toBe('short text');
  });
});
