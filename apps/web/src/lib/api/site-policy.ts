import { headersResponseSchema } from '@shop/domain/catalogue';
import { serverApi } from './client';

/** The site settings the storefront's Content-Security-Policy depends on (decision 044). */
export interface PolicySiteIds {
  chatWidgetId: string | null;
  analyticsId: string | null;
  logo: string;
}

/**
 * GET /api/headers, uncached, for src/proxy.ts: the policy keeps its own copy (modules/third-party/policy-settings.ts)
 * and must see a change in the back office without waiting for the data cache's 60 seconds.
 */
export async function readPolicySiteIds(): Promise<PolicySiteIds> {
  const { site } = await serverApi('GET', '/api/headers', { schema: headersResponseSchema });
  return { chatWidgetId: site.chatWidgetId, analyticsId: site.analyticsId, logo: site.logo };
}
