'use client';

import type { ReactNode } from 'react';
import { useUI } from '@modules/common/ui-store';

/** Opens COMPLAIN_VIEW. A page that wants complaints filed under a key (an order number) carries `?key=` itself. */
export function ReportProblemButton({ children, className = '' }: { children: ReactNode; className?: string }) {
  const openModal = useUI((s) => s.openModal);
  return (
    <button type="button" aria-haspopup="dialog" className={className} onClick={() => openModal('COMPLAIN_VIEW', null)}>
      {children}
    </button>
  );
}
