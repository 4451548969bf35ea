'use client';

import { isRegisteredView } from '@modules/common/modal/registry';
import { useUI } from '@modules/common/ui-store';

/**
 * "Customise" for one line of an order: opens the modal host's COSTOMIZATION_VIEW (modules/customisation) with
 * `{ orderId, productId, lineId }` (the line id tells apart two lines of one product in different options). Without a registered view the host would have nothing to show, so no button is rendered.
 */
export function CustomiseButton({
  orderId,
  productId,
  lineId,
  label,
  accessibleLabel,
}: {
  orderId: string;
  productId: string;
  lineId: string;
  label: string;
  accessibleLabel: string;
}) {
  const openModal = useUI((s) => s.openModal);
  if (!isRegisteredView('COSTOMIZATION_VIEW')) return null;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={accessibleLabel}
      onClick={() => openModal('COSTOMIZATION_VIEW', { orderId, productId, lineId })}
      className="inline-flex min-h-11 items-center rounded-full border border-brand px-4 text-sm font-semibold text-brand hover:bg-brand-soft"
    >
      {label}
    </button>
  );
}
