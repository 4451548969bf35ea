'use client';

import type { ReactNode } from 'react';
import type { ModalData, ModalView } from '../ui-state';
import { useUI } from '../ui-store';

interface OpenModalButtonProps {
  view: ModalView;
  data?: ModalData;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/**
 * A button that opens a modal view, so server components (e.g. a product card) can offer a
 * quick view without becoming client components: `<OpenModalButton view="PRODUCT_VIEW" data={{ slug }}>`.
 */
export function OpenModalButton({ view, data, children, className, 'aria-label': ariaLabel }: OpenModalButtonProps) {
  const openModal = useUI((s) => s.openModal);
  return (
    <button type="button" aria-haspopup="dialog" aria-label={ariaLabel} className={className} onClick={() => openModal(view, data ?? null)}>
      {children}
    </button>
  );
}
