'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { CloseIcon } from '../components/icons';
import { useBodyScrollLock } from '../hooks/use-body-scroll-lock';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { canDismissModal } from '../ui-state';
import { useUI } from '../ui-store';
import { modalTitleId } from './ids';
import { modalRegistry } from './registry';
import { QueryProvider } from '../query-provider';

/**
 * Renders the current modal view by name (spec §2). A click on the backdrop or Escape closes it
 * unless the modal data carries a name; the close button always closes. Focus is trapped inside
 * and returned to the opener. A view that is not registered is never opened.
 */
export function ModalHost() {
  const t = useTranslations('shell.modal');
  const displayModal = useUI((s) => s.displayModal);
  const modalView = useUI((s) => s.modalView);
  const modalData = useUI((s) => s.modalData);
  const closeModal = useUI((s) => s.closeModal);
  const View = modalRegistry[modalView];
  const open = displayModal && View !== undefined;
  const dismissable = canDismissModal({ modalData });
  const panel = useRef<HTMLDivElement>(null);

  // An unregistered view: drop the request silently so the state never says "open" with nothing shown.
  useEffect(() => {
    if (displayModal && View === undefined) closeModal();
  }, [displayModal, View, closeModal]);

  const onEscape = useCallback(() => {
    if (dismissable) closeModal();
  }, [dismissable, closeModal]);
  useFocusTrap(panel, open, onEscape);
  // The default (OTP login) view hides page overflow, as every open view does here.
  useBodyScrollLock(open);

  if (!open || !View) return null;
  return (
    <div className="fixed inset-0 z-[60] flex items-end justify-center sm:items-center sm:p-6">
      <div
        aria-hidden="true"
        data-testid="modal-backdrop"
        className="absolute inset-0 animate-[fade-in_0.2s_ease-out] bg-ink/55"
        onClick={() => {
          if (dismissable) closeModal();
        }}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={modalTitleId}
        tabIndex={-1}
        data-view={modalView}
        className="relative max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-2xl focus:outline-none sm:max-w-3xl sm:rounded-2xl"
      >
        <button
          type="button"
          onClick={closeModal}
          aria-label={t('close')}
          className="absolute end-3 top-3 z-10 rounded-full bg-white/90 p-2 text-ink hover:bg-brand-soft"
        >
          <CloseIcon width={20} height={20} />
        </button>
        {/* Views fetch with TanStack Query (quick view, sign-in methods); provided here, not app-wide (ADR 018). */}
        <QueryProvider>
          <View />
        </QueryProvider>
      </div>
    </div>
  );
}
