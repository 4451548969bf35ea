'use client';

import { useEffect } from 'react';
import { useUI } from '@modules/common/ui-store';

/** The fragment an order's "Report a problem with this order" link ends with (`/contact-us?key=<number>#report`). */
export const REPORT_FRAGMENT = 'report';

/**
 * Opens the complaint form when the shopper arrives by an order's "Report a problem with this order" link: the form is
 * what they asked for with that click, so it opens (and takes focus, as a dialog does) when the page shows. The order
 * number is the page's `?key=`, so the complaint is filed under it (spec §7). The fragment stays in the address (the
 * address asks for the form; rewriting it made Chromium look for a /favicon.ico the shop does not have), so a reload
 * opens the form again. Without JavaScript the fragment still scrolls to the report button.
 */
export function OpenComplaintOnArrival() {
  const openModal = useUI((s) => s.openModal);
  useEffect(() => {
    if (window.location.hash === `#${REPORT_FRAGMENT}`) openModal('COMPLAIN_VIEW', null);
  }, [openModal]);
  return null;
}
