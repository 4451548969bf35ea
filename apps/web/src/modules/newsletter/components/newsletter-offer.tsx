'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useUI } from '@modules/common/ui-store';
import { withoutLocalePrefix } from '../../../../server/locale-url.mjs';
import { markOfferDone, OFFER_DELAY_MS, offerDone, shouldOpenOffer } from '../lib/offer-state';

// The card's code, form and messages load only when the offer is due (never on the server: `stage` starts waiting).
// React.lazy rather than next/dynamic, whose loader would join every page's first load (decision 115).
const NewsletterPopup = lazy(() => import('./newsletter-popup').then((m) => ({ default: m.NewsletterPopup })));

/** Pages that are not shopping: the back office, and the newsletter's own confirm and unsubscribe pages. */
const offerFree = (pathname: string) => pathname.startsWith('/admin') || pathname.startsWith('/newsletter/');

/**
 * Offers the newsletter once per visitor (issues 6 and 25): the pop-up appears after `delayMs` of browsing (counted from
 * the page load), as soon as no dialog, cart or menu is open, and hides while one opens over it. Once the visitor
 * closes it (or subscribes from it) it never appears by itself again. Every visitor gets it, automated browsers too:
 * it is built not to take focus, shift the layout or cover controls (decision 077). Mount once, in the root layout.
 */
export function NewsletterOffer({ delayMs = OFFER_DELAY_MS }: { delayMs?: number }) {
  const pathname = withoutLocalePrefix(usePathname());
  const overlayOpen = useUI((s) => s.displayModal || s.displayCart || s.displaySidebar || s.displayFilter);
  const [due, setDue] = useState(false);
  const [stage, setStage] = useState<'waiting' | 'shown' | 'done'>('waiting');

  useEffect(() => {
    if (offerDone()) return;
    const timer = window.setTimeout(() => setDue(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  const away = offerFree(pathname);
  // Shown the first render it may be (state adjusted while rendering, as React recommends over an effect).
  if (due && stage === 'waiting' && !away && shouldOpenOffer({ done: offerDone(), overlayOpen })) setStage('shown');

  if (stage !== 'shown') return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopup
        hidden={overlayOpen || away}
        onClose={() => {
          markOfferDone('closed');
          setStage('done');
        }}
        onSubscribed={() => setStage('done')}
      />
    </Suspense>
  );
}
