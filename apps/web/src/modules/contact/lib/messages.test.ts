import { describe, expect, it } from 'vitest';
import { contactSuccessMessages } from '@shop/domain/contact';
import { feedbackMessages } from '@shop/domain/feedback';
import { newsletterMessages } from '@shop/domain/newsletter';
import enContact from '@/i18n/messages/en/contact.json';
import enFeedback from '@/i18n/messages/en/feedback.json';
import enNewsletter from '@/i18n/messages/en/newsletter.json';
import arContact from '@/i18n/messages/ar/contact.json';
import hiContact from '@/i18n/messages/hi/contact.json';
import arNewsletter from '@/i18n/messages/ar/newsletter.json';
import hiNewsletter from '@/i18n/messages/hi/newsletter.json';
import enEngagement from '@/i18n/messages/en/refusals/engagement.json';

/**
 * The engagement forms' own texts. Their refusals are codes translated through the `refusals` namespace (decision 037;
 * refusal-text.test.ts checks every code has en, hi and ar texts); what is left here are the spec's success texts.
 */
describe('contact, newsletter and feedback texts', () => {
  it("the spec's success texts, word for word", () => {
    expect(enContact.success).toEqual(contactSuccessMessages);
    expect(enContact.success).toEqual({ plain: 'message sent successfully.', withKey: 'Details reported successfully we will reach out to you shortly.' });
    expect(enContact.complain.prompt).toBe('Enter your details below.');
    expect(enContact.fields.complain).toBe('Enter your complain here');
    expect(enContact.send).toBe('Send');
    expect([enNewsletter.title, enNewsletter.offer, enNewsletter.subscribe]).toEqual(['subscribe now', 'And Get Offer On New Collection', 'Subscribe']);
  });

  it("shows the API's answers in their own words", () => {
    expect(enNewsletter.checkInbox).toBe(newsletterMessages.checkInbox);
    expect(enFeedback.received).toBe(feedbackMessages.received);
    // The link page's own invalid-link text is the API's refusal text.
    expect(enNewsletter.invalidLink).toBe(enEngagement.newsletter_token_invalid);
    for (const table of [hiContact, arContact]) expect(Object.keys(table.success).sort()).toEqual(['plain', 'withKey']);
    for (const table of [hiNewsletter, arNewsletter]) expect(table.checkInbox).toBeTruthy();
  });
});
