import { z } from 'zod';
import { coded } from '../field-errors.ts';
import { GIFT_WRAP_FEE_MAX, PROOF_WAIT_DAYS_MAX } from './gift-limits.ts';

/**
 * The shop's gifting settings (issue 24), saved with the site settings (PUT /api/admin/settings, `gifting`) and stored
 * in site_settings.gifting_settings: whether gift wrap is offered and its price (paise, tax included like every
 * price in the shop), and how many days an unanswered proof waits before production may start anyway (null: the
 * shop always waits for the customer's approval).
 */
export interface GiftSettings {
  wrapAvailable: boolean;
  wrapFee: number;
  proofWaitDays: number | null;
}

export const DEFAULT_GIFT_SETTINGS: GiftSettings = { wrapAvailable: true, wrapFee: 4900, proofWaitDays: null };

const fee = coded('settings_gift_wrap_fee_invalid');
const days = coded('settings_proof_wait_days_invalid');

export const giftSettingsSchema = z.object({
  wrapAvailable: z.boolean({ error: coded('invalid_value') }),
  wrapFee: z.number({ error: fee }).int({ error: fee }).min(0, { error: fee }).max(GIFT_WRAP_FEE_MAX, { error: fee }),
  proofWaitDays: z.number({ error: days }).int({ error: days }).min(1, { error: days }).max(PROOF_WAIT_DAYS_MAX, { error: days }).nullable(),
}) satisfies z.ZodType<GiftSettings, unknown>;

export const giftSettingsViewSchema = z.object({
  wrapAvailable: z.boolean(),
  wrapFee: z.number().int(),
  proofWaitDays: z.number().int().nullable(),
});

/** The stored value read back; a missing or broken part falls back to its default (like codSettingsOf). */
export function giftSettingsOf(stored: unknown): GiftSettings {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const settings = { ...DEFAULT_GIFT_SETTINGS };
  for (const key of Object.keys(DEFAULT_GIFT_SETTINGS) as (keyof GiftSettings)[]) {
    if (!(key in value)) continue;
    const parsed = giftSettingsSchema.shape[key].safeParse(value[key]);
    if (parsed.success) (settings as Record<string, unknown>)[key] = parsed.data;
  }
  return settings;
}

/** What the checkout shows (GET /api/checkout/gift-terms): public. The wrap price is null when wrap is not offered. */
export const giftTermsSchema = z.object({ wrapFee: z.number().int().nullable(), messageMax: z.number().int() });
export type GiftTerms = z.infer<typeof giftTermsSchema>;

/** The price of wrapping an order now: null when the shop does not offer it. */
export function wrapPriceOf(settings: GiftSettings): number | null {
  return settings.wrapAvailable ? settings.wrapFee : null;
}
