import { z } from 'zod';
import { coded } from '../field-errors.ts';
import type { RefusalCode } from '../refusals/index.ts';
import { adminText } from './catalogue.ts';
import { codSettingsSchema, codSettingsViewSchema } from '../cod/cod-settings.ts';
import { deliverySettingsSchema, deliverySettingsViewSchema } from '../delivery/delivery-settings.ts';
import { shippingSettingsSchema } from '../shipping/parcels.ts';
import { giftSettingsSchema, giftSettingsViewSchema } from '../gift/gift-settings.ts';

/**
 * Back office (issue 7), site settings (admins only): the shop's identity, contact channels, shipping rules and
 * third-party ids. Money is integer paise. The two ids end up in script URLs, so they must have their provider's
 * exact form: the same patterns the storefront applies at start-up to ANALYTICS_ID / CHAT_WIDGET_ID
 * (apps/web/src/modules/third-party/third-party-ids.ts); an id the storefront would ignore is refused here.
 */

/** Google Analytics 4 measurement id, e.g. G-ABCDE12345. */
const ANALYTICS_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;
/** tawk.to "<property id>/<widget id>". */
const CHAT_WIDGET_ID_PATTERN = /^[a-f0-9]{24}\/[a-z0-9]{6,16}$/i;

const PAISE_MAX = 1_000_000_000; // ₹1 crore: well above any real threshold, well below a PostgreSQL integer

/** Empty means "not set": stored as null, so the storefront falls back to its environment (or loads nothing). */
const optionalId = (pattern: RegExp, code: RefusalCode) => {
  const message = coded(code);
  return z
    .string({ error: message })
    .trim()
    .max(64, { error: message })
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || pattern.test(value), { error: message })
    .nullable()
    .transform((value) => value ?? null);
};
const tollFree = coded('settings_toll_free_invalid');
const email = coded('settings_email_invalid');
const money = coded('settings_money_invalid');

export const settingsInputSchema = z.object({
  name: adminText('shop_name'),
  description: adminText('description', { tooLong: 'settings_description_too_long' }),
  logo: adminText('logo').refine((value) => (value.startsWith('/api/media/') && !value.includes('..')) || /^https:\/\/[^\s/]+\/\S*$/.test(value), {
    error: coded('settings_logo_invalid'),
  }),
  tollFreeNumber: z
    .string({ error: tollFree })
    .trim()
    .regex(/^\+?[\d][\d\s-]{6,18}\d$/, { error: tollFree })
    .refine(
      (value) => {
        const digits = value.replace(/\D/g, '').length;
        return digits >= 8 && digits <= 15;
      },
      { error: tollFree },
    ),
  contactEmail: z
    .string({ error: email })
    .trim()
    .max(200, { error: email })
    .pipe(z.email({ error: email })),
  freeShippingThreshold: z.number({ error: money }).int({ error: money }).min(0, { error: money }).max(PAISE_MAX, { error: money }),
  shippingFee: z.number({ error: money }).int({ error: money }).min(0, { error: money }).max(PAISE_MAX, { error: money }),
  chatWidgetId: optionalId(CHAT_WIDGET_ID_PATTERN, 'settings_chat_widget_id_invalid').default(null),
  analyticsId: optionalId(ANALYTICS_ID_PATTERN, 'settings_analytics_id_invalid').default(null),
  /** The cash-on-delivery controls (issue 20, decision 065); left out, they stay as they are. */
  cod: codSettingsSchema.optional(),
  /** The delivery promise (issue 22, decision 080): origin, cut-off, holidays, transit days by zone; left out, unchanged. */
  delivery: deliverySettingsSchema.optional(),
  /** Shipping (issue 22, decision 084): the default parcel for products without their own; left out, unchanged. */
  shipping: shippingSettingsSchema.optional(),
  /** Gifting (issue 24): gift wrap and its price, the wait for a proof answer; left out, unchanged. */
  gifting: giftSettingsSchema.optional(),
});

export const adminSettingsSchema = z.object({
  name: z.string(),
  description: z.string(),
  logo: z.string(),
  tollFreeNumber: z.string(),
  contactEmail: z.string(),
  freeShippingThreshold: z.number().int(),
  shippingFee: z.number().int(),
  chatWidgetId: z.string().nullable(),
  analyticsId: z.string().nullable(),
  cod: codSettingsViewSchema,
  delivery: deliverySettingsViewSchema.optional(),
  shipping: shippingSettingsSchema.optional(),
  gifting: giftSettingsViewSchema.optional(),
  updatedAt: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
