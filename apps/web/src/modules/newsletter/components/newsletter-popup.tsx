'use client';

import { useTranslations } from 'next-intl';
import { useId, useLayoutEffect, useRef } from 'react';
import { CloseIcon } from '@modules/common/components/icons';
import { NewsletterForm } from './newsletter-form';
import { NewsletterMessages } from './newsletter-messages';

interface NewsletterPopupProps {
  /** Hidden (keeping what was typed) while a dialog, the cart or the menu is open: never over a dialog. */
  hidden: boolean;
  onClose: () => void;
  onSubscribed: () => void;
}

/**
 * Keeps the bottom of the page reachable under the card: the root gets as much padding at its end as the card covers
 * of the viewport, so every control can be scrolled above it, and as much scroll padding, so the browser keeps a
 * focused control (Tab, scrollIntoView) clear of it (WCAG 2.4.11). Space added after the last element moves nothing:
 * no layout shift.
 */
function useSpaceBelow(panel: React.RefObject<HTMLElement | null>, active: boolean) {
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element || !active) return;
    const root = document.documentElement;
    const reserve = () => {
      const covered = `${Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top))}px`;
      root.style.paddingBottom = covered;
      root.style.scrollPaddingBottom = covered;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.paddingBottom = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [panel, active]);
}

function PopupContent({ titleId, close, onSubscribed }: { titleId: string; close: () => void; onSubscribed: () => void }) {
  const t = useTranslations('newsletter');
  return (
    <>
      <button
        type="button"
        onClick={close}
        aria-label={t('close')}
        className="absolute end-1.5 top-1.5 z-10 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-soft"
      >
        <CloseIcon width={20} height={20} />
      </button>
      <NewsletterForm titleId={titleId} onSubscribed={onSubscribed} compact />
    </>
  );
}

/**
 * The newsletter offer as a pop-up that stays out of the way (issue 25, decision 077): a small card fixed to the
 * bottom corner, not a modal. It takes no focus when it appears and traps none (a complementary landmark, reached by
 * Tab at the end of the page or by landmark navigation); it pushes nothing aside (fixed, with room kept below the page
 * so nothing stays under it); Escape or its close button ends it, returning focus to where the shopper came from.
 */
export function NewsletterPopup({ hidden, onClose, onSubscribed }: NewsletterPopupProps) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  useSpaceBelow(panel, !hidden);

  const close = () => {
    const focusInside = panel.current?.contains(document.activeElement) ?? false;
    onClose();
    if (focusInside && cameFrom.current?.isConnected) cameFrom.current.focus();
  };

  return (
    <aside
      ref={panel}
      aria-labelledby={titleId}
      data-testid="newsletter-offer"
      hidden={hidden}
      onFocus={(event) => {
        // Where focus was before it entered the card: where it goes back to when the card closes.
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
      className="fixed inset-x-3 bottom-3 z-40 animate-[fade-in_0.2s_ease-out] rounded-2xl border border-line bg-white shadow-2xl sm:inset-x-auto sm:start-4 sm:bottom-4 sm:w-[22rem]"
    >
      <NewsletterMessages>
        <PopupContent titleId={titleId} close={close} onSubscribed={onSubscribed} />
      </NewsletterMessages>
    </aside>
  );
}
