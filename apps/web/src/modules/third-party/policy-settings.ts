import type { ThirdParties } from '@lib/security-headers';
import { httpsOriginOf } from '@lib/security-headers';
import { thirdPartyScripts } from './third-party-ids';

/**
 * What the Content-Security-Policy needs from the site settings: whether the chat widget and the analytics tag are
 * configured (their origins are allowed only then) and where the logo is served from. src/proxy.ts builds the policy
 * before the page renders, so it cannot wait for the page's own settings read; it keeps its own copy, at most
 * REFRESH_MS old, refreshed in the background (one GET /api/headers per interval, not per page). A change in the
 * back office reaches the policy within that interval (docs/decisions/044).
 */
export interface PolicySettings {
  thirdParties: ThirdParties;
  imageOrigins: string[];
}

interface SiteIds {
  chatWidgetId?: string | null;
  analyticsId?: string | null;
  logo?: string | null;
}

export const REFRESH_MS = 10_000;
/** The first page after a start waits this long at most for the settings; after that it goes with the environment's. */
const FIRST_READ_TIMEOUT_MS = 1_500;

interface EnvIds {
  CHAT_WIDGET_ID?: string;
  ANALYTICS_ID?: string;
}

const env = (): EnvIds => ({ CHAT_WIDGET_ID: process.env.CHAT_WIDGET_ID, ANALYTICS_ID: process.env.ANALYTICS_ID });

/** The policy's inputs from the settings (or none, when the API could not be read) and the environment. */
export function policySettingsFrom(site: SiteIds | null | undefined, environment: EnvIds = env()): PolicySettings {
  const plans = thirdPartyScripts({ settings: site, env: environment });
  const logoOrigin = httpsOriginOf(site?.logo);
  return {
    thirdParties: { analytics: plans.some((plan) => plan.id.startsWith('analytics')), chat: plans.some((plan) => plan.id === 'support-chat') },
    imageOrigins: logoOrigin ? [logoOrigin] : [],
  };
}

async function readSite(apiOrigin: string): Promise<SiteIds | null> {
  const response = await fetch(new URL('/api/headers', apiOrigin), { cache: 'no-store', signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`GET /api/headers answered ${response.status}`);
  const body: unknown = await response.json();
  const site = typeof body === 'object' && body !== null && 'site' in body ? body.site : null;
  if (typeof site !== 'object' || site === null) return null;
  const text = (key: string) => {
    const value: unknown = (site as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : null;
  };
  return { chatWidgetId: text('chatWidgetId'), analyticsId: text('analyticsId'), logo: text('logo') };
}

/**
 * A reader of the policy's settings with its own copy: `current()` answers at once from the copy and starts a refresh
 * when it is older than REFRESH_MS; only the very first call waits (at most FIRST_READ_TIMEOUT_MS). When the API
 * cannot be read the last good copy stays (or, before any, the environment's ids alone).
 */
export function createPolicySettingsReader(apiOrigin: () => string, now: () => number = Date.now) {
  let copy: PolicySettings | undefined;
  let readAt = -Infinity;
  let refreshing: Promise<void> | undefined;
  const refresh = () => {
    refreshing ??= readSite(apiOrigin())
      .then((site) => {
        copy = policySettingsFrom(site);
      })
      .catch(() => {
        copy ??= policySettingsFrom(null);
      })
      .finally(() => {
        readAt = now();
        refreshing = undefined;
      });
    return refreshing;
  };
  return async function current(): Promise<PolicySettings> {
    if (now() - readAt >= REFRESH_MS) {
      const pending = refresh();
      if (!copy) await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, FIRST_READ_TIMEOUT_MS))]);
    }
    return copy ?? policySettingsFrom(null);
  };
}
