import { getHeadersSafe } from '@lib/api/shell';
import { ScriptTags } from './script-tags';
import { thirdPartyScripts } from './third-party-ids';

/**
 * The support chat widget and the analytics tag (spec §1), for the root layout: loaded only when their ids are set
 * (site settings, else CHAT_WIDGET_ID / ANALYTICS_ID), after the page is interactive, and not at all by default.
 */
export async function ThirdPartyScripts() {
  const headers = await getHeadersSafe();
  const plans = thirdPartyScripts({
    settings: headers?.site,
    env: { CHAT_WIDGET_ID: process.env.CHAT_WIDGET_ID, ANALYTICS_ID: process.env.ANALYTICS_ID },
  });
  return <ScriptTags plans={plans} />;
}
