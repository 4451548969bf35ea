import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en/pages.json';
import hi from '@/i18n/messages/hi/pages.json';
import ar from '@/i18n/messages/ar/pages.json';
import { contactParts, withoutContactTags } from './contact-links';

describe('"contact us" in the information pages links to the contact page', () => {
  it('flags the marked words and keeps the rest as it is', () => {
    expect(contactParts('<contact>Contact us</contact> within 48 hours.')).toEqual([
      { text: 'Contact us', contact: true },
      { text: ' within 48 hours.', contact: false },
    ]);
    expect(contactParts('If unclear, <contact>contact us</contact>.')).toEqual([
      { text: 'If unclear, ', contact: false },
      { text: 'contact us', contact: true },
      { text: '.', contact: false },
    ]);
    expect(contactParts('No link here.')).toEqual([{ text: 'No link here.', contact: false }]);
    expect(withoutContactTags('Yes. <contact>Contact us</contact> soon.')).toBe('Yes. Contact us soon.');
  });

  it('marks the same places in English, Hindi and Arabic, and the English words are the ones a shopper reads', () => {
    const marks = (pages: typeof en) => {
      const count = (text: string) => (text.match(/<contact>/g) ?? []).length;
      const returns = pages.terms.sections.find((section) => section.id === 'returns')!;
      return {
        intro: count(pages.terms.intro),
        returns: count((returns.paragraphs ?? []).join(' ')),
        faq: pages.faq.groups.flatMap((group) => group.items.map((item) => count(item.a))),
        help: count(pages.help),
      };
    };
    expect(marks(en)).toMatchObject({ intro: 1, returns: 1, help: 1 });
    expect(marks(en).faq.filter((n) => n === 1)).toHaveLength(2);
    expect(marks(hi)).toEqual(marks(en));
    expect(marks(ar)).toEqual(marks(en));
    const delivery = en.faq.groups.flatMap((group) => group.items).find((item) => item.a.includes('48 hours'))!;
    expect(withoutContactTags(delivery.a)).toBe(
      'Contact us within 48 hours of delivery with photos of the item and the parcel. We will send a replacement or a full refund.',
    );
  });
});
