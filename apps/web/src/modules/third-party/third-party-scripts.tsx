import { headers } from 'next/headers';
import { getHeadersSafe } from '@lib/api/shell';
import { NO_THIRD_PARTIES_HEADER } from '@lib/security-headers';
import { LazyScriptTags } from './lazy-script-tags';
import { thirdPartyScripts } from './third-party-ids';

/**
 * The support chat widget and the analytics tag (spec §1), for the root layout: loaded only when their ids are set
 * (site settings, else CHAT_WIDGET_ID / ANALYTICS_ID), after the page is interactive, and not at all by default.
 * They carry the nonce src/proxy.ts made for this page (docs/decisions/044). A page opened from a mailed link with a
 * secret gets neither (decision 145).
 */
export async function ThirdPartyScripts() {
  const requestHeaders = await headers();
  if (requestHeaders.get(NO_THIRD_PARTIES_HEADER) === '1') return null;
  const site = await getHeadersSafe();
  const plans = thirdPartyScripts({
    settings: site?.site,
    env: { CHAT_WIDGET_ID: process.env.CHAT_WIDGET_ID, ANALYTICS_ID: process.env.ANALYTICS_ID },
  });
  if (plans.length === 0) return null;
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  return <LazyScriptTags plans={plans} nonce={nonce} />;
}
