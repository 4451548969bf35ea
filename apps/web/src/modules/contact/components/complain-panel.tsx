'use client';

import { useTranslations } from 'next-intl';
import { modalTitleId } from '@modules/common/modal/ids';
import { useUI } from '@modules/common/ui-store';
import { ContactForm } from './contact-form';

/** COMPLAIN_VIEW's content (spec §2): the prompt, then the form; a sent message closes the modal. */
export function ComplainPanel() {
  const t = useTranslations('contact');
  const closeModal = useUI((s) => s.closeModal);
  return (
    <div className="p-6 sm:p-8">
      <h2 id={modalTitleId} className="mb-5 pe-10 font-display text-xl font-semibold text-ink">
        {t('complain.prompt')}
      </h2>
      <ContactForm variant="complain" onSent={closeModal} />
    </div>
  );
}
