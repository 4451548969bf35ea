import { z } from 'zod';
import { adminText } from './catalogue.ts';

/**
 * Back office (issue 7), site settings (admins only): the shop's identity, contact channels, shipping rules and
 * third-party ids. Money is integer paise. The two ids end up in script URLs, so they must have their provider's
 * exact form: the same patterns the storefront applies at start-up to ANALYTICS_ID / CHAT_WIDGET_ID
 * (apps/web/src/modules/third-party/third-party-ids.ts); an id the storefront would ignore is refused here.
 */

/** Google Analytics 4 measurement id, e.g. G-ABCDE12345. */
export const ANALYTICS_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;
/** tawk.to "<property id>/<widget id>". */
export const CHAT_WIDGET_ID_PATTERN = /^[a-f0-9]{24}\/[a-z0-9]{6,16}$/i;

export const settingsMessages = {
  analyticsId: 'Analytics id must look like G-ABCDE12345 (Google Analytics 4), or be empty',
  chatWidgetId: 'Chat widget id must be "<property id>/<widget id>" as in the tawk.to embed code, or be empty',
  tollFree: 'Enter a phone number of 8 to 15 digits (spaces, dashes and a leading + allowed)',
  email: 'Enter a valid email address',
  logo: 'Logo must be an image uploaded to this shop (/api/media/…) or an https:// address',
  money: 'Enter an amount from ₹0 to ₹1,00,00,000',
} as const;

const s = settingsMessages;
const PAISE_MAX = 1_000_000_000; // ₹1 crore: well above any real threshold, well below a PostgreSQL integer

/** Empty means "not set": stored as null, so the storefront falls back to its environment (or loads nothing). */
const optionalId = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(64, { error: message })
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || pattern.test(value), { error: message })
    .nullable()
    .transform((value) => value ?? null);

export const settingsInputSchema = z.object({
  name: adminText('Shop name', 80),
  description: adminText('Description', 300),
  logo: adminText('Logo', 300).refine(
    (value) => (value.startsWith('/api/media/') && !value.includes('..')) || /^https:\/\/[^\s/]+\/\S*$/.test(value),
    { error: s.logo },
  ),
  tollFreeNumber: z
    .string({ error: s.tollFree })
    .trim()
    .regex(/^\+?[\d][\d\s-]{6,18}\d$/, { error: s.tollFree })
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 15;
    }, { error: s.tollFree }),
  contactEmail: z.string({ error: s.email }).trim().max(200, { error: s.email }).pipe(z.email({ error: s.email })),
  freeShippingThreshold: z.number({ error: s.money }).int({ error: s.money }).min(0, { error: s.money }).max(PAISE_MAX, { error: s.money }),
  shippingFee: z.number({ error: s.money }).int({ error: s.money }).min(0, { error: s.money }).max(PAISE_MAX, { error: s.money }),
  chatWidgetId: optionalId(CHAT_WIDGET_ID_PATTERN, s.chatWidgetId).default(null),
  analyticsId: optionalId(ANALYTICS_ID_PATTERN, s.analyticsId).default(null),
});
export type SettingsInput = z.input<typeof settingsInputSchema>;

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
  updatedAt: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
