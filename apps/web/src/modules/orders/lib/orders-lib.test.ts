import { describe, expect, test } from 'vitest';
import type { OrderStatus } from '@shop/domain/order-status';
import { refusalMessage } from '@shop/domain/refusals/index';
import { createTranslator } from 'next-intl';
import { refusalFrom } from '@lib/api/refusal';
import { fieldTexts, refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
import en from '../../../i18n/messages/en/orders.json';
import hi from '../../../i18n/messages/hi/orders.json';
import ar from '../../../i18n/messages/ar/orders.json';
import general from '../../../i18n/messages/hi/refusals/general.json';
import orders from '../../../i18n/messages/hi/refusals/orders.json';
import { formatOrderTime } from './format-time';
import { customisationOf, unitsNeededIn } from './customisation';
import { buildTimeline } from './timeline';

const at = (minute: number) => `2026-11-23T06:${String(minute).padStart(2, '0')}:00.000Z`;
const change = (status: OrderStatus, minute: number) => ({ status, at: at(minute), note: null });

describe('status timeline', () => {
  test('a new order: placed is current, the rest of the usual path is to come', () => {
    const steps = buildTimeline('placed', [change('placed', 0)]);
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['placed', 'current'],
      ['confirmed', 'upcoming'],
      ['in_production', 'upcoming'],
      ['packed', 'upcoming'],
      ['shipped', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
    expect(steps[0]!.at).toBe(at(0));
    expect(steps[1]!.at).toBeNull();
  });

  test('a skipped production step is left out; times follow the history', () => {
    const steps = buildTimeline('packed', [change('placed', 0), change('confirmed', 5), change('packed', 9)]);
    expect(steps.map((s) => [s.status, s.state, s.at])).toEqual([
      ['placed', 'done', at(0)],
      ['confirmed', 'done', at(5)],
      ['packed', 'current', at(9)],
      ['shipped', 'upcoming', null],
      ['delivered', 'upcoming', null],
    ]);
  });

  test('a cancelled order promises nothing more', () => {
    const steps = buildTimeline('cancelled', [change('placed', 0), change('confirmed', 1), change('cancelled', 2)]);
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['placed', 'done'],
      ['confirmed', 'done'],
      ['cancelled', 'current'],
    ]);
  });

  test('returned then refunded after delivery', () => {
    const history = (['placed', 'confirmed', 'in_production', 'packed', 'shipped', 'delivered', 'returned', 'refunded'] as const).map((s, i) => change(s, i));
    const steps = buildTimeline('refunded', history);
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'done', 'done', 'current']);
    expect(steps.at(-2)!.status).toBe('returned');
  });

  test('a current status missing from the history is still shown as current', () => {
    expect(buildTimeline('confirmed', [change('placed', 0)]).map((s) => [s.status, s.state])[1]).toEqual(['confirmed', 'current']);
    expect(buildTimeline('cancelled', [change('placed', 0)]).at(-1)).toMatchObject({ status: 'cancelled', state: 'current', at: null });
  });
});

describe('personalisation status', () => {
  const text = { type: 'text', mediaLimit: 1 } as const;
  const photo = { id: 'i1', original: '/o', thumbnail: '/t' };
  const open = { units: null, sentAt: null, locked: false };

  test('every unit of a customisable line needs details until they are sent; plain lines have none', () => {
    expect(customisationOf({ quantity: 2, product_customization: text, customisation: open })).toMatchObject({
      type: 'text',
      state: 'missing',
      unitsNeeded: 2,
      canCustomise: true,
    });
    expect(customisationOf({ quantity: 2, product_customization: null, customisation: null })).toBeNull();
  });

  test('sent details can be replaced until the order is locked', () => {
    const units = [
      { text: 'Asha', customization_image: [] },
      { text: 'Ravi', customization_image: [photo] },
    ];
    const sent = { units, sentAt: '2026-11-23T06:10:00.000Z', locked: false };
    expect(customisationOf({ quantity: 2, product_customization: text, customisation: sent })).toMatchObject({
      state: 'sent',
      unitsNeeded: 0,
      units,
      canCustomise: true,
    });
    expect(customisationOf({ quantity: 2, product_customization: text, customisation: { ...sent, locked: true } })).toMatchObject({
      state: 'locked',
      canCustomise: false,
    });
    expect(customisationOf({ quantity: 2, product_customization: text, customisation: { ...open, locked: true } })).toMatchObject({
      state: 'locked',
      unitsNeeded: 0,
      units: null,
    });
  });

  test('a cancelled order asks for nothing', () => {
    expect(customisationOf({ quantity: 1, product_customization: text, customisation: { ...open, locked: true } }, 'cancelled')).toMatchObject({
      state: 'closed',
      unitsNeeded: 0,
      canCustomise: false,
    });
  });

  test('the orders list counts the units still needed across an order', () => {
    const line = (quantity: number, customisation: typeof open | null) => ({ quantity, product_customization: customisation ? text : null, customisation });
    expect(unitsNeededIn({ status: 'placed', items: [line(2, open), line(1, null), line(3, open)] as never })).toBe(5);
    expect(unitsNeededIn({ status: 'cancelled', items: [line(2, open)] as never })).toBe(0);
  });
});

describe('order times', () => {
  test('shown in India time', () => {
    expect(formatOrderTime('2026-11-23T06:10:00.000Z', 'en')).toMatch(/23 Nov 2026.*11:40/);
  });
});

describe('order refusals on the order pages (decision 037)', () => {
  const t = createTranslator({ locale: 'hi', messages: { refusals: { ...general, ...orders } }, namespace: 'refusals' }) as unknown as RefusalTranslator;

  test('the tracking form shows each field by its code, never by the English', () => {
    const refusal = refusalFrom(400, {
      code: 'validation_failed',
      message: 'Invalid number: anything',
      errors: { number: { code: 'order_number_invalid', message: 'anything' }, mobile: { code: 'tracking_mobile_invalid', message: 'anything' } },
    });
    expect(fieldTexts(refusal.errors, t, 'hi')).toEqual({ number: orders.order_number_invalid, mobile: orders.tracking_mobile_invalid });
    expect(refusalText(refusal, t, 'hi')).toBe(orders.order_number_invalid);
  });

  test('a wrong pair and a late cancel read in Hindi', () => {
    expect(refusalText({ code: 'tracking_not_found', message: refusalMessage('tracking_not_found') }, t, 'hi')).toBe(
      'इस ऑर्डर नंबर और मोबाइल नंबर से कोई ऑर्डर नहीं मिला',
    );
    expect(refusalText({ code: 'cancel_too_late', message: refusalMessage('cancel_too_late') }, t, 'hi')).toBe(orders.cancel_too_late);
  });
});

describe('order messages', () => {
  test('the same keys in every language', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix];
    expect(keys(hi)).toEqual(keys(en));
    expect(keys(ar)).toEqual(keys(en));
  });
});
