'use client';

import { useEffect, useRef, useState } from 'react';
import { useUI } from '@modules/common/ui-store';
import { markOfferDone, OFFER_DELAY_MS, offerDone, shouldOpenOffer } from '../lib/offer-state';

/**
 * Offers the newsletter once per visitor (issue 6): NEWSLETTER_VIEW opens after `delayMs` of browsing (counted from
 * the page load), as soon as nothing else is open; once the visitor closes it (or subscribes from it) it never opens
 * by itself again; automated browsers never get it. Renders nothing; the view's code loads only when it opens. Mount
 * once, in the root layout.
 */
export function NewsletterOffer({ delayMs = OFFER_DELAY_MS }: { delayMs?: number }) {
  const openModal = useUI((s) => s.openModal);
  const displayModal = useUI((s) => s.displayModal);
  const modalView = useUI((s) => s.modalView);
  const displayCart = useUI((s) => s.displayCart);
  const displaySidebar = useUI((s) => s.displaySidebar);
  const [due, setDue] = useState(false);
  const shown = useRef(false);

  useEffect(() => {
    if (offerDone()) return;
    const timer = window.setTimeout(() => setDue(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  useEffect(() => {
    if (!due || shown.current) return;
    const automated = navigator.webdriver === true;
    if (shouldOpenOffer({ done: offerDone(), automated, modalOpen: displayModal, cartOpen: displayCart, sidebarOpen: displaySidebar })) {
      shown.current = true;
      openModal('NEWSLETTER_VIEW', null);
    }
  }, [due, displayModal, displayCart, displaySidebar, openModal]);

  // Closed by any means (close button, Escape, a click outside, after subscribing): never offered again.
  const wasOpen = useRef(false);
  useEffect(() => {
    const open = displayModal && modalView === 'NEWSLETTER_VIEW';
    if (wasOpen.current && !open && !offerDone()) markOfferDone('closed');
    wasOpen.current = open;
  }, [displayModal, modalView]);

  return null;
}
