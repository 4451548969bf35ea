import { type PolicySiteIds, readPolicySiteIds } from '@lib/api/site-policy';
import { httpsOriginOf, type ThirdParties } from '@lib/security-headers';
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

type SiteIds = Partial<PolicySiteIds>;

export const REFRESH_MS = 10_000;
/** The first page after a start waits this long at most for the settings; after that it goes with the environment's. */
const FIRST_READ_TIMEOUT_MS = 1_500;
/** A read that takes longer is given up, so a hung API cannot stop the copy from ever being refreshed again. */
const READ_TIMEOUT_MS = 5_000;

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

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A reader of the policy's settings with its own copy: `current()` answers at once from the copy and starts a refresh
 * when it is older than REFRESH_MS; only the very first call waits (at most FIRST_READ_TIMEOUT_MS). When the API
 * cannot be read the last good copy stays (or, before any, the environment's ids alone).
 */
export function createPolicySettingsReader(read: () => Promise<SiteIds> = readPolicySiteIds, now: () => number = Date.now) {
  let copy: PolicySettings | undefined;
  let readAt = -Infinity;
  let refreshing: Promise<void> | undefined;
  const refresh = () => {
    refreshing ??= withTimeout(read(), READ_TIMEOUT_MS)
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
  /**
   * `fresh`: wait for a read of the settings now (at most READ_TIMEOUT_MS). For a page rendered into the shared page
   * cache (decision 095): it is kept until the next change, so it must not carry a policy from an old copy.
   */
  return async function current({ fresh = false }: { fresh?: boolean } = {}): Promise<PolicySettings> {
    if (fresh) {
      await refresh();
      return copy ?? policySettingsFrom(null);
    }
    if (now() - readAt >= REFRESH_MS) {
      const pending = refresh();
      if (!copy) await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, FIRST_READ_TIMEOUT_MS))]);
    }
    return copy ?? policySettingsFrom(null);
  };
}
