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
    // A sample GST registration (a made-up PAN with a valid check character) so invoices work in the demo shop;
    // a real shop replaces it under Back office > Settings > Tax identity before selling (issue 21).
    taxIdentity: {
      legalName: 'Kaarigar Gifts Private Limited',
      gstin: '27AAKCK1234M1ZB',
      address: '14 Karigar Lane, Kothrud\nPune 411038',
      state: 'Maharashtra',
      invoicePrefix: 'KG',
      signatureName: 'Meera Kulkarni',
      chargeRate: null,
    },
  };
}
