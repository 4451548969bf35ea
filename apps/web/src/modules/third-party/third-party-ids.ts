/**
 * Spec §1: a support chat widget in the app shell and an analytics tag. Neither loads unless its id is set, in site
 * settings (chatWidgetId, analyticsId) or else in the storefront's environment (CHAT_WIDGET_ID, ANALYTICS_ID). An id
 * must have its provider's exact form (it ends up in a script URL), otherwise it is ignored.
 *
 * - Analytics: Google Analytics 4, a measurement id like "G-ABCDE12345" (gtag.js).
 * - Chat: tawk.to, "<property id>/<widget id>" as its embed code shows it (embed.tawk.to/<property>/<widget>).
 */

const ANALYTICS_ID = /^G-[A-Z0-9]{4,20}$/;
const CHAT_WIDGET_ID = /^[a-f0-9]{24}\/[a-z0-9]{6,16}$/i;

export interface ScriptPlan {
  /** next/script id (inline scripts need one). */
  id: string;
  src?: string;
  /** Inline code: only ever built from a validated id. */
  code?: string;
  /** Analytics once the page is interactive; the chat widget when the browser is idle. Neither blocks rendering. */
  strategy: 'afterInteractive' | 'lazyOnload';
}

interface ThirdPartySources {
  settings?: { chatWidgetId?: string | null; analyticsId?: string | null } | null;
  env?: { CHAT_WIDGET_ID?: string; ANALYTICS_ID?: string };
}

const pick = (fromSettings: string | null | undefined, fromEnv: string | undefined) => fromSettings?.trim() || fromEnv?.trim() || null;

/** The third-party scripts to load: none unless an id is set and well formed. */
export function thirdPartyScripts({ settings, env = {} }: ThirdPartySources): ScriptPlan[] {
  const plans: ScriptPlan[] = [];
  const analyticsId = pick(settings?.analyticsId, env.ANALYTICS_ID);
  if (analyticsId && ANALYTICS_ID.test(analyticsId)) {
    plans.push({ id: 'analytics-tag', src: `https://www.googletagmanager.com/gtag/js?id=${analyticsId}`, strategy: 'afterInteractive' });
    plans.push({
      id: 'analytics-config',
      code: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','${analyticsId}');`,
      strategy: 'afterInteractive',
    });
  }
  const chatId = pick(settings?.chatWidgetId, env.CHAT_WIDGET_ID);
  if (chatId && CHAT_WIDGET_ID.test(chatId)) {
    plans.push({ id: 'support-chat', src: `https://embed.tawk.to/${chatId}`, strategy: 'lazyOnload' });
  }
  return plans;
}
