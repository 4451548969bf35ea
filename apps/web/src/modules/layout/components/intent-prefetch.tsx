'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { intentPrefetchHref } from '../intent-prefetch-href';

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Prefetches a page when the shopper points at, touches or focuses a link to it, for every link on the page.
 *
 * Links are not prefetched when they scroll into view (`prefetch={false}`: each prefetch answer is parsed on the main
 * thread while the page is still starting, decisions 018 and 033), and in the App Router that also turns off Link's
 * own hover prefetch. One listener on the document restores it for all of them, instead of a stateful wrapper around
 * every card and crumb. A touch comes ~100 ms before the tap's click, which is most of a prefetch on a phone.
 */
export function IntentPrefetch() {
  const router = useRouter();
  useEffect(() => {
    let last: string | null = null;
    const onIntent = (event: Event) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const href = intentPrefetchHref({ href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') }, window.location.href);
      // pointerover fires for every element under the pointer; the router keeps what it prefetched, so one call a link.
      if (href === null || href === last) return;
      last = href;
      router.prefetch(href);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [router]);
  return null;
}
