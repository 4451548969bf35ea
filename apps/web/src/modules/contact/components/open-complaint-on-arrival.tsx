'use client';

import { useEffect } from 'react';
import { useUI } from '@modules/common/ui-store';

/** The fragment an order's "Report a problem with this order" link ends with (`/contact-us?key=<number>#report`). */
export const REPORT_FRAGMENT = 'report';

/**
 * Opens the complaint form when the shopper arrives by an order's "Report a problem with this order" link: the form is
 * what they asked for with that click, so it opens (and takes focus, as a dialog does) once, then the fragment is
 * dropped so a reload or the back button does not open it again. The order number stays in `?key=`, so the complaint
 * is filed under it (spec §7). Without JavaScript the fragment still scrolls to the report button.
 */
export function OpenComplaintOnArrival() {
  const openModal = useUI((s) => s.openModal);
  useEffect(() => {
    if (window.location.hash !== `#${REPORT_FRAGMENT}`) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    openModal('COMPLAIN_VIEW', null);
  }, [openModal]);
  return null;
}
