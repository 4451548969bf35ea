import 'server-only';
import { DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { type CodTerms, codTermsOf, codTermsSchema } from '@shop/domain/cod/cod-settings';
import { serverApi } from './client';

/** The path of the shop's cash-on-delivery terms (public). */
export const codTermsPath = '/api/checkout/cod-terms';

/**
 * GET /api/checkout/cod-terms: the COD fee, maximum, blocked pincodes, prepaid saving and confirmation the checkout
 * shows (decision 065). Not cached: a settings change must reach the next checkout. If the API cannot answer, the
 * checkout shows no terms (the server still applies them to the order and names any refusal by its code).
 */
export async function getCodTermsSafe(): Promise<CodTerms> {
  try {
    return await serverApi('GET', codTermsPath, { schema: codTermsSchema });
  } catch {
    return codTermsOf(DEFAULT_COD_SETTINGS);
  }
}
