'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useBodyScrollLock } from '../hooks/use-body-scroll-lock';
import { CloseIcon } from './icons';
import { useFocusTrap } from '../hooks/use-focus-trap';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** 'end' slides in from the right (from the left in rtl); 'start' the other way. */
  side: 'start' | 'end';
  /** id of the element holding the drawer's title. */
  labelledBy: string;
  children: ReactNode;
  className?: string;
}

const closed = {
  end: 'translate-x-full rtl:-translate-x-full',
  start: '-translate-x-full rtl:translate-x-full',
};

/**
 * A side panel over the page: 0.3 s slide (spec §9), backdrop click and Escape close it, focus is
 * trapped inside while open and returned to the opener after. Always mounted so it can animate
 * out; `inert` keeps the closed panel out of the tab order and the accessibility tree. Visibility
 * is transitioned only when closing (it stays visible while sliding out); when opening it flips at
 * once, so focus can move into the panel on the first frame. A drawer mounted already open (the
 * shell mounts its overlays on first use) starts off-screen and slides in like the others.
 */
export function Drawer({ open, onClose, side, labelledBy, children, className = '' }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // Reading the layout commits the off-screen position first, so the change below is transitioned.
    void panel.current?.offsetWidth;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render after the first commit is the point: it starts the slide-in transition
    setMounted(true);
  }, []);
  const shown = open && mounted;
  useFocusTrap(panel, open, onClose);
  useBodyScrollLock(open);
  return (
    <div className={`fixed inset-0 z-50 ${open ? '' : 'pointer-events-none'}`} inert={!open}>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`absolute inset-0 bg-ink/50 transition-opacity duration-300 ${shown ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`absolute inset-y-0 ${side === 'end' ? 'end-0' : 'start-0'} flex w-[86%] max-w-sm flex-col bg-white shadow-2xl duration-300 ease-out focus:outline-none ${open ? 'visible transition-transform' : 'invisible transition-[transform,visibility]'} ${shown ? 'translate-x-0' : closed[side]} ${className}`}
      >
        {children}
      </div>
    </div>
  );
}

interface DrawerHeaderProps {
  /** id the Drawer's `labelledBy` points at. */
  titleId: string;
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
}

/** The top row every drawer shares (mobile menu, cart): its title and a close button. */
export function DrawerHeader({ titleId, title, closeLabel, onClose }: DrawerHeaderProps) {
  return (
    <div className="flex items-center justify-between border-b border-line px-4 py-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <button type="button" onClick={onClose} aria-label={closeLabel} className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-brand-soft">
        <CloseIcon />
      </button>
    </div>
  );
}
