'use client';

import dynamic from 'next/dynamic';
import { useState, type ComponentType } from 'react';
import type { MenuItem } from '@shop/domain/catalogue';
import { loadOverlayMessages } from '@modules/common/i18n/overlay-messages';
import { useUI } from '@modules/common/ui-store';

/**
 * Loads an overlay wrapped in the overlays' next-intl provider. The overlay's chunk, next-intl and the messages are
 * fetched together (not one after the other) the first time the overlay opens. The locale used here only picks which
 * messages to start fetching; the provider itself follows the locale context.
 */
function withOverlayIntl<P extends object>(load: () => Promise<ComponentType<P>>) {
  return () =>
    Promise.all([load(), import('@modules/common/i18n/overlay-intl'), loadOverlayMessages(document.documentElement.lang)]).then(
      ([Overlay, { OverlayIntl }]) =>
        function WithOverlayIntl(props: P) {
          return (
            <OverlayIntl>
              <Overlay {...props} />
            </OverlayIntl>
          );
        },
    );
}

// Each overlay's code (and its menu markup) is fetched the first time it is opened, not with every page.
const MobileSidebar = dynamic(
  withOverlayIntl(() => import('./mobile-sidebar').then((m) => m.MobileSidebar)),
  { ssr: false },
);
const CartDrawer = dynamic(
  withOverlayIntl(() => import('./cart-drawer').then((m) => m.CartDrawer)),
  { ssr: false },
);
const ModalHost = dynamic(
  withOverlayIntl(() => import('@modules/common/modal/modal-host').then((m) => m.ModalHost)),
  { ssr: false },
);

/** True from the first time `open` is true; stays true so the overlay can animate out and keep its state. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The shell's overlays (mobile menu, cart drawer, modal host), mounted the first time the UI state opens them. Until
 * then a page hydrates none of their markup and loads none of their code (ADR 015), nor next-intl's client part and
 * the messages they are translated with (ADR 018).
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
