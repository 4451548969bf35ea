import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { commonColumns } from './columns.ts';

/** Issue 21: who issues the shop's tax invoices (validated by packages/domain/src/gst/tax-identity.ts). */
export interface ShopTaxIdentity {
  legalName: string;
  gstin: string;
  address: string;
  state: string;
  invoicePrefix: string;
  signatureName: string;
  /** Shipping and the COD fee: null = at the highest rate in the order; else basis points. */
  chargeRate: number | null;
}

export interface MenuItem {
  id: string;
  path: string;
  label: string;
  subMenu?: MenuItem[];
}

/** One row: the shop's identity, contact channels and menus (spec §1). */
export const siteSettings = pgTable('site_settings', {
  ...commonColumns,
  name: text('name').notNull(),
  description: text('description').notNull(),
  author: text('author').notNull(),
  logo: text('logo').notNull(),
  defaultLanguage: text('default_language').notNull().default('en'),
  currencyCode: text('currency_code').notNull().default('INR'),
  tollFreeNumber: text('toll_free_number').notNull(),
  contactEmail: text('contact_email').notNull(),
  chatWidgetId: text('chat_widget_id'),
  analyticsId: text('analytics_id'),
  /** Paise. Orders at or above this total ship free (spec §9: ₹499). */
  freeShippingThreshold: integer('free_shipping_threshold').notNull().default(49900),
  /** Paise (spec §9: ₹150). */
  shippingFee: integer('shipping_fee').notNull().default(15000),
  headerMenu: jsonb('header_menu').$type<MenuItem[]>().notNull().default([]),
  mobileMenu: jsonb('mobile_menu').$type<MenuItem[]>().notNull().default([]),
  /**
   * The cash-on-delivery controls (issue 20, decision 065): fee, maximum value, pincode blocklist, open-orders cap,
   * prepaid saving, confirmation. Read through the domain's codSettingsOf, which fills what is missing with defaults.
   */
  cod: jsonb('cod_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The delivery promise's settings (issue 22, decision 080), read through the domain's deliverySettingsOf. */
  delivery: jsonb('delivery_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The shipping settings (issue 22, decision 084): the default parcel; read through the domain's shippingSettingsOf. */
  shipping: jsonb('shipping_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Gifting (issue 24): gift wrap offered and its price, the wait for a proof answer; read through the domain's giftSettingsOf. */
  gifting: jsonb('gifting_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The shop's GST registration for its invoices (issue 21; packages/domain/src/gst/tax-identity.ts); null: none. */
  taxIdentity: jsonb('tax_identity').$type<ShopTaxIdentity>(),
});
