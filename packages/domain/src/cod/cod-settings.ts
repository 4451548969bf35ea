import { z } from 'zod';
import { coded } from '../field-errors.ts';
import {
  codConfirmationModes,
  type CodSettings,
  DEFAULT_COD_SETTINGS,
  MAX_BLOCKED_PINCODES,
  MAX_CONFIRM_WITHIN_HOURS,
  MAX_PREPAID_DISCOUNT_PERCENT,
  PINCODE_PATTERN,
} from './cod-rules.ts';

/**
 * The COD controls as the back office saves them (PUT /api/admin/settings, `cod`) and as they are stored
 * (site_settings.cod_settings). Money in paise. Every refusal names its field (`cod.fee`, `cod.blockedPincodes.3`).
 */

const PAISE_MAX = 1_000_000_000; // ₹1 crore, as the other money settings
const money = coded('settings_money_invalid');
const pincode = coded('settings_pincode_invalid');
const count = coded('settings_cod_open_orders_invalid');
const percent = coded('settings_prepaid_percent_invalid');
const hours = coded('settings_cod_hours_invalid');

const paise = z.number({ error: money }).int({ error: money }).min(0, { error: money }).max(PAISE_MAX, { error: money });

export const codSettingsSchema = z.object({
  fee: paise,
  maxOrderValue: paise.min(1, { error: money }).nullable(),
  blockedPincodes: z
    .array(z.string({ error: pincode }).trim().regex(PINCODE_PATTERN, { error: pincode }), { error: pincode })
    .max(MAX_BLOCKED_PINCODES, { error: coded('settings_pincodes_too_many') })
    // One of each, in order: the list is compared, shown and audited as a set.
    .transform((list) => [...new Set(list)].sort()),
  maxOpenOrders: z.number({ error: count }).int({ error: count }).min(1, { error: count }).max(100, { error: count }).nullable(),
  prepaidDiscount: z
    .object({
      percent: z.number({ error: percent }).int({ error: percent }).min(1, { error: percent }).max(MAX_PREPAID_DISCOUNT_PERCENT, { error: percent }),
      cap: paise.min(1, { error: money }),
    })
    .nullable(),
  confirmation: z.enum(codConfirmationModes, { error: coded('settings_cod_confirmation_invalid') }),
  confirmWithinHours: z.number({ error: hours }).int({ error: hours }).min(1, { error: hours }).max(MAX_CONFIRM_WITHIN_HOURS, { error: hours }),
}) satisfies z.ZodType<CodSettings, unknown>;

/** The controls as the API answers them (no transforms: a response schema only describes). */
export const codSettingsViewSchema = z.object({
  fee: z.number().int(),
  maxOrderValue: z.number().int().nullable(),
  blockedPincodes: z.array(z.string()),
  maxOpenOrders: z.number().int().nullable(),
  prepaidDiscount: z.object({ percent: z.number().int(), cap: z.number().int() }).nullable(),
  confirmation: z.enum(codConfirmationModes),
  confirmWithinHours: z.number().int(),
});

/**
 * The stored value read back: anything missing or no longer valid (an older row, a hand edit) falls back to the
 * default of that one control, so a shop never loses its checkout to a bad settings row.
 */
export function codSettingsOf(stored: unknown): CodSettings {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const settings = { ...DEFAULT_COD_SETTINGS };
  for (const key of Object.keys(DEFAULT_COD_SETTINGS) as (keyof CodSettings)[]) {
    if (!(key in value)) continue;
    const parsed = codSettingsSchema.shape[key].safeParse(value[key]);
    if (parsed.success) (settings as Record<string, unknown>)[key] = parsed.data;
  }
  return settings;
}

/** What the storefront's checkout needs to show COD's terms (GET /api/checkout/cod-terms): all of it is public. */
export const codTermsSchema = z.object({
  fee: z.number().int(),
  maxOrderValue: z.number().int().nullable(),
  blockedPincodes: z.array(z.string()),
  prepaidDiscount: z.object({ percent: z.number().int(), cap: z.number().int() }).nullable(),
  confirmation: z.enum(codConfirmationModes),
  confirmWithinHours: z.number().int(),
});
export type CodTerms = z.infer<typeof codTermsSchema>;

export function codTermsOf(settings: CodSettings): CodTerms {
  const { fee, maxOrderValue, blockedPincodes, prepaidDiscount, confirmation, confirmWithinHours } = settings;
  return { fee, maxOrderValue, blockedPincodes, prepaidDiscount, confirmation, confirmWithinHours };
}

/** POST /api/user/order/{id}/cod-confirmation: the code from the SMS. */
export const codCodeRequestSchema = z.object({
  code: z
    .string({ error: coded('cod_code_invalid') })
    .trim()
    .regex(/^\d{6}$/, { error: coded('cod_code_invalid') }),
});
/** POST /api/orders/cod-confirmation: the token from the link. */
export const codTokenRequestSchema = z.object({
  token: z
    .string({ error: coded('cod_link_invalid') })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: coded('cod_link_invalid') }),
});
export const codConfirmedSchema = z.object({ number: z.string(), confirmedAt: z.string() });
