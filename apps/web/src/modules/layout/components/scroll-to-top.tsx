'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';

/** Spec §2 Shell: page transitions scroll to the top (not on the first render or a back/forward restore of the same path). */
export function ScrollToTop() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
