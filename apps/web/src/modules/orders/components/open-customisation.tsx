'use client';

import { useEffect, useRef } from 'react';
import { isRegisteredView } from '@modules/common/modal/registry';
import { useUI } from '@modules/common/ui-store';

/**
 * Opens a line's customisation dialog when the page is reached from a message's "Add your personalisation" link
 * (issue 21: /my-account/orders/{id}?customise={lineId}), once, as if the shopper had pressed Customise.
 */
export function OpenCustomisation({ orderId, productId, lineId }: { orderId: string; productId: string; lineId: string }) {
  const openModal = useUI((s) => s.openModal);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !isRegisteredView('COSTOMIZATION_VIEW')) return;
    opened.current = true;
    openModal('COSTOMIZATION_VIEW', { orderId, productId, lineId });
  }, [openModal, orderId, productId, lineId]);
  return null;
}
