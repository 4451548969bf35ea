'use client';

import { ComplainPanel } from '@modules/contact/components/complain-panel';
import { ContactMessages } from '@modules/contact/components/contact-messages';

/** COMPLAIN_VIEW in the modal host (spec §2): the contact form with the complaint texts. */
export default function View() {
  return (
    <ContactMessages>
      <ComplainPanel />
    </ContactMessages>
  );
}
