import { describe, expect, it } from 'vitest';
import { contactMessages } from '@shop/domain/contact';
import { feedbackMessages } from '@shop/domain/feedback';
import { newsletterMessages } from '@shop/domain/newsletter';
import { reviewMessages } from '@shop/domain/review';
import enContact from '@/i18n/messages/en/contact.json';
import enFeedback from '@/i18n/messages/en/feedback.json';
import enNewsletter from '@/i18n/messages/en/newsletter.json';
import enReviews from '@/i18n/messages/en/reviews.json';
import hiContact from '@/i18n/messages/hi/contact.json';
import arContact from '@/i18n/messages/ar/contact.json';
import hiFeedback from '@/i18n/messages/hi/feedback.json';
import arFeedback from '@/i18n/messages/ar/feedback.json';
import hiNewsletter from '@/i18n/messages/hi/newsletter.json';
import arNewsletter from '@/i18n/messages/ar/newsletter.json';
import hiReviews from '@/i18n/messages/hi/reviews.json';
import arReviews from '@/i18n/messages/ar/reviews.json';
import { domainMessageTranslator } from './translate-message';

const formMessages = (table: Record<string, string>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, table[key] as string]));

describe('domain messages in the visitor\'s language', () => {
  it('every contact rule message has its English text, word for word, and a Hindi and Arabic translation', () => {
    for (const [key, text] of Object.entries(contactMessages)) {
      expect(enContact.errors[key as keyof typeof enContact.errors], key).toBe(text);
      expect(hiContact.errors[key as keyof typeof hiContact.errors], key).toBeTruthy();
      expect(arContact.errors[key as keyof typeof arContact.errors], key).toBeTruthy();
    }
  });

  it('the newsletter form messages (note the full stop) and the check-inbox answer', () => {
    expect(enNewsletter.errors).toEqual({ emailRequired: newsletterMessages.emailRequired, emailInvalid: newsletterMessages.emailInvalid });
    expect(enNewsletter.checkInbox).toBe(newsletterMessages.checkInbox);
    for (const table of [hiNewsletter, arNewsletter]) expect(Object.keys(table.errors).sort()).toEqual(['emailInvalid', 'emailRequired']);
  });

  it('every feedback and review message a form or the API can give is translated', () => {
    const feedbackKeys = ['nameRequired', 'nameTooLong', 'emailRequired', 'emailInvalid', 'messageRequired', 'messageTooLong'];
    expect(formMessages(enFeedback.errors, feedbackKeys)).toEqual(formMessages(feedbackMessages, feedbackKeys));
    for (const [key, text] of Object.entries(reviewMessages)) expect(enReviews.errors[key as keyof typeof enReviews.errors], key).toBe(text);
    for (const table of [hiFeedback, arFeedback]) expect(Object.keys(table.errors).sort()).toEqual(Object.keys(enFeedback.errors).sort());
    for (const table of [hiReviews, arReviews]) expect(Object.keys(table.errors).sort()).toEqual(Object.keys(enReviews.errors).sort());
  });

  it('the spec\'s success texts, word for word', () => {
    expect(enContact.success).toEqual({ plain: 'message sent successfully.', withKey: 'Details reported successfully we will reach out to you shortly.' });
    expect(enContact.complain.prompt).toBe('Enter your details below.');
    expect(enContact.fields.complain).toBe('Enter your complain here');
    expect(enContact.send).toBe('Send');
    expect([enNewsletter.title, enNewsletter.offer, enNewsletter.subscribe]).toEqual(['subscribe now', 'And Get Offer On New Collection', 'Subscribe']);
  });

  it('translates a known text by its key and passes an unknown one through', () => {
    const translate = domainMessageTranslator(contactMessages, (key) => `hi:${key}`);
    expect(translate('name is required')).toBe('hi:nameRequired');
    expect(translate('Something new')).toBe('Something new');
    expect(translate(undefined)).toBeUndefined();
  });
});
