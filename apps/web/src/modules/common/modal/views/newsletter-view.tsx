'use client';

import { NewsletterForm } from '@modules/newsletter/components/newsletter-form';
import { NewsletterMessages } from '@modules/newsletter/components/newsletter-messages';

/** NEWSLETTER_VIEW in the modal host (spec §2): subscribe now, double opt-in. */
export default function View() {
  return (
    <NewsletterMessages>
      <NewsletterForm />
    </NewsletterMessages>
  );
}
