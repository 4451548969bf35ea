import './globals.css';
import type { Metadata, Viewport } from 'next';
import { cookies, headers } from 'next/headers';
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { directionOf, resolveLocale } from '@lib/locale/config';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';
import { Providers } from '@modules/common/providers';
import { Footer } from '@modules/layout/components/footer';
import { Header } from '@modules/layout/components/header';
import { IntentPrefetch } from '@modules/layout/components/intent-prefetch';
import { NO_SCRIPT_CSS } from '@modules/common/lazy-images/lazy-attributes';
import { LazyImages } from '@modules/common/lazy-images/lazy-images';
import { LazyOverlays } from '@modules/layout/components/lazy-overlays';
import { ScrollToTop } from '@modules/layout/components/scroll-to-top';
import { inter, playfair, playfairFamily } from '@modules/layout/fonts';
import { getShellSite } from '@modules/layout/site';
import { siteUrl } from '@modules/layout/site-url';
import { NewsletterOffer } from '@modules/newsletter/components/newsletter-offer';
import { ThirdPartyScripts } from '@modules/third-party/third-party-scripts';
import { ZodWithoutEval } from '@modules/layout/components/zod-without-eval';
import { FetchDisplayFont } from '@modules/layout/display-font/fetch-display-font';
import { MarkDisplayFont } from '@modules/layout/display-font/mark-display-font';

/** Spec §1 page head: title and description from site settings, web-app-capable, manifest. */
export async function generateMetadata(): Promise<Metadata> {
  const site = await getShellSite();
  return {
    metadataBase: new URL(siteUrl()),
    title: { template: `%s | ${site.name}`, default: site.name },
    description: site.description,
    applicationName: site.name,
    authors: [{ name: site.author }],
    appleWebApp: { capable: true, title: site.name, statusBarStyle: 'default' },
    // Listing icons here replaces the file-convention links, so the SVG icon is named too.
    icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }], apple: '/icons/apple-touch-icon.png' },
    // Next emits mobile-web-app-capable; older iOS Safari still reads the apple- prefixed name.
    other: { 'apple-mobile-web-app-capable': 'yes' },
    formatDetection: { telephone: false },
    openGraph: { siteName: site.name, type: 'website', locale: 'en_IN' },
  };
}

/** Spec §1: viewport and white theme colour. */
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#ffffff',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, site, cookieStore, requestHeaders, t] = await Promise.all([
    getLocale().then(resolveLocale),
    getShellSite(),
    cookies(),
    headers(),
    getTranslations('shell.toast'),
  ]);
  // Spec §3: isAuthorized starts from the presence of the auth_token cookie.
  const isAuthorized = cookieStore.has('auth_token');
  // Rendered for the shared page cache (server.mjs strips this header from anyone else's request): signed out by
  // construction, so the browser learns the visitor's state from the session hint (decision 095).
  const sharedPage = requestHeaders.has('x-page-cache-fill');
  // No next-intl provider here: always-loaded client leaves get translated strings as props, and the parts that
  // translate in the browser (overlays, sign-in and account pages) provide their own messages (decision 018).
  return (
    // suppressHydrationWarning: MarkDisplayFont's script may mark <html> before React hydrates it (decision 133).
    <html lang={locale} dir={directionOf(locale)} className={`${inter.variable} ${playfair.variable}`} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col" data-shared-page={sharedPage ? '' : undefined}>
        <MarkDisplayFont />
        <ZodWithoutEval />
        {/* Lazy images wait for a script; without one, their <noscript> copies show instead (decision 036). */}
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
        <Providers locale={locale} isAuthorized={isAuthorized} toastLabels={{ region: t('region'), close: t('close'), timer: t('timer') }}>
          <HydrateSeparately>
            <ScrollToTop />
            <IntentPrefetch />
            <LazyImages />
            <FetchDisplayFont family={playfairFamily} />
          </HydrateSeparately>
          {/* The header and the page each hydrate on their own, in slices, rather than in one blocking task with
              the framework's start-up (decision 018). */}
          <HydrateSeparately>
            <Header site={site} />
          </HydrateSeparately>
          <main id="main" className="flex-1">
            <HydrateSeparately>{children}</HydrateSeparately>
          </main>
          <Footer site={site} />
          {/* Overlays sit outside the header so no ancestor becomes their containing block. They draw nothing until
              used, so they hydrate on their own, after the page (decision 018). */}
          <HydrateSeparately>
            <LazyOverlays mobileMenu={site.mobileMenu} siteName={site.name} />
            <NewsletterOffer />
          </HydrateSeparately>
        </Providers>
        {/* Chat and analytics: nothing at all unless their ids are set (issue 6). */}
        <ThirdPartyScripts />
      </body>
    </html>
  );
}
