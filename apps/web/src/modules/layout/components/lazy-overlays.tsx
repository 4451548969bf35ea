'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { MenuItem } from '@shop/domain/catalogue';
import { useUI } from '@modules/common/ui-store';

// Each overlay's code (and its menu markup) is fetched the first time it is opened, not with every page.
const MobileSidebar = dynamic(() => import('./mobile-sidebar').then((m) => m.MobileSidebar), { ssr: false });
const CartDrawer = dynamic(() => import('./cart-drawer').then((m) => m.CartDrawer), { ssr: false });
const ModalHost = dynamic(() => import('@modules/common/modal/modal-host').then((m) => m.ModalHost), { ssr: false });

/** True from the first time `open` is true; stays true so the overlay can animate out and keep its state. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The shell's overlays (mobile menu, cart drawer, modal host), mounted the first time the UI state opens them. Until
 * then a page hydrates none of their markup and loads none of their code (ADR 015).
 */
export function LazyOverlays({ mobileMenu, siteName }: { mobileMenu: MenuItem[]; siteName: string }) {
  const sidebar = useOpenedOnce(useUI((s) => s.displaySidebar));
  const cart = useOpenedOnce(useUI((s) => s.displayCart));
  const modal = useOpenedOnce(useUI((s) => s.displayModal));
  return (
    <>
      {sidebar ? <MobileSidebar items={mobileMenu} siteName={siteName} /> : null}
      {cart ? <CartDrawer /> : null}
      {modal ? <ModalHost /> : null}
    </>
  );
}
