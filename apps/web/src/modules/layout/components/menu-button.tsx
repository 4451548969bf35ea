'use client';

import { MenuIcon } from '@modules/common/components/icons';
import { useUI } from '@modules/common/ui-store';

/** The mobile hamburger: opens the sidebar with the mobile menu. Its label comes translated from the header. */
export function MenuButton({ label }: { label: string }) {
  const openSidebar = useUI((s) => s.openSidebar);
  const open = useUI((s) => s.displaySidebar);
  return (
    <button
      type="button"
      onClick={openSidebar}
      aria-label={label}
      aria-expanded={open}
      aria-controls="mobile-sidebar"
      aria-haspopup="dialog"
      className="flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-soft lg:hidden"
    >
      <MenuIcon />
    </button>
  );
}
