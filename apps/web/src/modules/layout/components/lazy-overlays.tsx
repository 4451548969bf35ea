'use client';

import { lazy, Suspense, useState, type ComponentType } from 'react';
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
      ([Overlay, { OverlayIntl }]) => ({
        default: function WithOverlayIntl(props: P) {
          return (
            <OverlayIntl>
              <Overlay {...props} />
            </OverlayIntl>
          );
        },
      }),
    );
}

// Each overlay's code (and its menu markup) is fetched the first time it is opened, not with every page.
// React.lazy rather than next/dynamic, whose loader would join every page's first load (decision 115); none of them is
// rendered on the server, since no overlay is open there.
const MobileSidebar = lazy(withOverlayIntl(() => import('./mobile-sidebar').then((m) => m.MobileSidebar)));
const CartDrawer = lazy(withOverlayIntl(() => import('./cart-drawer').then((m) => m.CartDrawer)));
const ModalHost = lazy(withOverlayIntl(() => import('@modules/common/modal/modal-host').then((m) => m.ModalHost)));

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
      {sidebar ? (
        <Suspense fallback={null}>
          <MobileSidebar items={mobileMenu} siteName={siteName} />
        </Suspense>
      ) : null}
      {cart ? (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      ) : null}
      {modal ? (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      ) : null}
    </>
  );
}
