'use client';

import { useEffect } from 'react';

let locks = 0;

/** Hides page overflow while any overlay that asks for it is open (counted, so overlays can stack). */
export function useBodyScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.body.style.overflow = 'hidden';
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = '';
    };
  }, [active]);
}
