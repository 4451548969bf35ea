import type { ProductDetail, Variant } from '@shop/domain/catalogue';

/** The shop's public origin (SITE_URL), for absolute links in Open Graph tags and JSON-LD. */
function siteUrl(): string {
  return (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}

export function absoluteUrl(path: string): string {
  return new URL(path, `${siteUrl()}/`).toString();
}

/** Plain text of at most `max` characters, cut at a word, for meta descriptions. */
export function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** schema.org Product for rich results; prices in rupees as schema.org expects. */
export function productJsonLd(product: ProductDetail, variant: Variant | undefined) {
  const price = variant?.price ?? product.price;
  const stock = variant?.stock ?? product.stock;
  const url = absoluteUrl(`/product/${product.slug}${variant ? `?variant=${encodeURIComponent(variant.sku)}` : ''}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: product.images.map((image) => absoluteUrl(image.original)),
    description: summarise(product.description, 500),
    ...(variant ? { sku: variant.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    category: product.category.name,
    offers: {
      '@type': 'Offer',
      url,
      price: (price / 100).toFixed(2),
      priceCurrency: 'INR',
      availability: stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(product.rating.average * 10) / 10,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** JSON for a <script> element: "<" escaped so no text in the data can close the script early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
