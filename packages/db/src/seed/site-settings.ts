import type { siteSettings } from '../schema/settings.ts';

export const shopName = 'Kaarigar Gifts';

/** The one site_settings row (spec §1); the logo URL is filled in once the logo is rendered. */
export function buildSiteSettings(logo: string): Omit<typeof siteSettings.$inferInsert, 'headerMenu' | 'mobileMenu'> {
  return {
    name: shopName,
    description:
      'Handmade and personalised gifts from Indian artisans: name plates, photo lamps, jewellery, sarees and more, made to order and delivered across India.',
    author: 'Kaarigar Gifts',
    logo,
    defaultLanguage: 'en',
    currencyCode: 'INR',
    tollFreeNumber: '1800-123-4567',
    contactEmail: 'hello@kaarigargifts.in',
    chatWidgetId: null,
    analyticsId: null,
    freeShippingThreshold: 49900,
    shippingFee: 15000,
  };
}
