import { describe, expect, test } from 'vitest';
import { DEFAULT_SHIPPING_RULES } from '@shop/domain/pricing';
import { codBlockers, codNotice } from './cod';
import { couponCheckRequestOf, linesKey, placeOrderRequestOf } from './order-request';
import { BrowserApiError } from '@lib/api/browser-client';
import { refusalFrom } from '@lib/api/refusal';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
import { createTranslator } from 'next-intl';
import { placeFailureOf } from './place-errors';
import { checkoutTotals } from './totals';
import { EMPTY_GIFT, giftProblems, giftRequestOf, giftWrapOf, indiaToday } from './gift-choice';

const p1 = '11111111-1111-4111-8111-111111111111';
const v1 = '22222222-2222-4222-8222-222222222222';

describe('order request', () => {
  const items = [
    { productId: p1, variantId: v1, quantity: 2, price: 100, mrp: 200, name: 'x' },
    { productId: p1, variantId: null, quantity: 1, price: 1, mrp: 1, name: 'y' },
  ];
  test('sends ids and quantities only, never a price', () => {
    const body = placeOrderRequestOf(items, 'addr', 'SAVE10');
    expect(body).toEqual({
      items: [
        { productId: p1, variantId: v1, quantity: 2 },
        { productId: p1, variantId: null, quantity: 1 },
      ],
      addressId: 'addr',
      paymentMethod: 'cod',
      couponCode: 'SAVE10',
    });
    expect(JSON.stringify(body)).not.toContain('price');
  });
  test('no coupon field without a coupon', () => {
    expect(placeOrderRequestOf(items, 'addr', null)).not.toHaveProperty('couponCode');
    expect(couponCheckRequestOf(items, 'X').code).toBe('X');
  });
  test('lines key changes with quantities and options', () => {
    expect(linesKey(items)).toBe(linesKey(items.map((i) => ({ ...i }))));
    expect(linesKey(items)).not.toBe(linesKey([{ ...items[0]!, quantity: 3 }, items[1]!]));
  });
});

describe('cash on delivery reason', () => {
  test('names each line with cod false, attributes included', () => {
    expect(
      codBlockers([
        { name: 'Lamp', attributes: {}, cod: true },
        { name: 'Ring', attributes: { Size: '7', Metal: 'Gold' }, cod: false },
        { name: 'Frame', attributes: {}, cod: false },
      ]),
    ).toEqual(['Ring - 7, Gold', 'Frame']);
    expect(codBlockers([{ name: 'Lamp', attributes: {}, cod: true }])).toEqual([]);
  });
});

describe('checkout totals', () => {
  const cart = { total: 40_000, totalMrp: 50_000, discount: 0, shippingRules: DEFAULT_SHIPPING_RULES };
  test("the cart's numbers until the server has answered", () => {
    expect(checkoutTotals(cart, null)).toEqual({
      total: 40_000,
      savings: 10_000,
      discount: 0,
      shipping: 15_000,
      codFee: 0,
      prepaidDiscount: 0,
      giftWrap: 0,
      grandTotal: 55_000,
      fromServer: false,
    });
  });
  test("the server's total and discount once a coupon check answered; shipping follows its total", () => {
    expect(checkoutTotals(cart, { total: 50_000, amount: 5_000 })).toEqual({
      total: 50_000,
      savings: 10_000,
      discount: 5_000,
      shipping: 0,
      codFee: 0,
      prepaidDiscount: 0,
      giftWrap: 0,
      grandTotal: 45_000,
      fromServer: true,
    });
  });
});

describe('checkout totals with the COD terms (decision 065)', () => {
  const cart = { total: 40_000, totalMrp: 50_000, discount: 0, shippingRules: DEFAULT_SHIPPING_RULES };
  const terms = { fee: 4_900, prepaidDiscount: { percent: 10, cap: 3_000 } };
  test('cash on delivery adds the fee as its own charge', () => {
    expect(checkoutTotals(cart, null, { method: 'cod', terms })).toMatchObject({ codFee: 4_900, prepaidDiscount: 0, grandTotal: 59_900 });
  });
  test('an online payment takes the capped saving off; no choice yet shows neither', () => {
    expect(checkoutTotals(cart, null, { method: 'prepaid', terms })).toMatchObject({ codFee: 0, prepaidDiscount: 3_000, grandTotal: 52_000 });
    expect(checkoutTotals(cart, null, { method: null, terms })).toMatchObject({ codFee: 0, prepaidDiscount: 0, grandTotal: 55_000 });
  });
  test('gift wrap is added like shipping, and the online saving never comes off it (issue 24)', () => {
    expect(checkoutTotals(cart, null, { method: 'cod', terms }, 4_900)).toMatchObject({ giftWrap: 4_900, grandTotal: 64_800 });
    expect(checkoutTotals(cart, null, { method: 'prepaid', terms }, 4_900)).toMatchObject({ giftWrap: 4_900, prepaidDiscount: 3_000, grandTotal: 56_900 });
    expect(checkoutTotals(cart, null, undefined, 4_900).grandTotal).toBe(59_900);
  });
  test("the payment step's notice: the shop's reason COD is off, the fee and the online saving", () => {
    const all = { ...terms, maxOrderValue: 50_000, blockedPincodes: ['110001'], confirmation: 'sms_code' as const, confirmWithinHours: 24 };
    expect(codNotice(all, { total: 40_000, discount: 0, shipping: 15_000, pincode: '560001' })).toMatchObject({
      block: { reason: 'order_value', limit: 50_000 },
      codTotal: 59_900,
      fee: 4_900,
      prepaidSaving: 3_000,
    });
    expect(codNotice(all, { total: 10_000, discount: 0, shipping: 15_000, pincode: '110001' }).block).toEqual({ reason: 'pincode', pincode: '110001' });
    expect(codNotice(all, { total: 10_000, discount: 0, shipping: 15_000, pincode: null }).block).toBeNull();
  });
});

describe('place order failures', () => {
  const refusal = (status: number, code: string, errors?: Record<string, { code: string; message: string; params?: Record<string, string | number> }>) =>
    refusalFrom(status, { code, message: `English of ${code}`, ...(errors ? { errors } : {}) });

  test('a network failure is retried', () => {
    expect(placeFailureOf(null)).toMatchObject({ retry: true, refusal: null });
  });
  test('out of stock names the lines, keeps their codes and params, and is not retried as is', () => {
    const lamp = { code: 'out_of_stock', message: 'Lamp is out of stock', params: { name: 'Lamp', left: 0 } };
    const ring = { code: 'out_of_stock', message: 'Only 2 of Ring - 7 left', params: { name: 'Ring - 7', left: 2 } };
    const failure = placeFailureOf(refusal(409, 'out_of_stock', { 'items.0.quantity': lamp, 'items.2.quantity': ring }));
    expect(failure).toMatchObject({ retry: false, lines: { 0: [lamp], 2: [ring] }, coupon: null, address: null });
    expect(failure.refusal).toMatchObject({ code: 'out_of_stock', message: 'English of out_of_stock' });
  });
  test('a twin request still placing (order_in_flight) and server errors are retried', () => {
    expect(placeFailureOf(refusal(409, 'order_in_flight')).retry).toBe(true);
    expect(placeFailureOf(refusal(503, 'service_unavailable')).retry).toBe(true);
    expect(placeFailureOf({ status: 0, code: 'internal', message: 'TypeError' }).retry).toBe(true);
    // Another 409 is a refusal, not a reason to press again.
    expect(placeFailureOf(refusal(409, 'coupon_used_up')).retry).toBe(false);
  });
  test('coupon, address and cash-on-delivery refusals land on their fields', () => {
    const used = { code: 'coupon_used_by_you', message: 'You have already used this coupon' };
    expect(placeFailureOf(refusal(409, 'coupon_used_by_you', { couponCode: used }))).toMatchObject({ retry: false, coupon: used });
    const address = { code: 'address_not_found', message: 'Address not found' };
    expect(placeFailureOf(refusal(404, 'address_not_found', { addressId: address })).address).toEqual(address);
    const noCod = { code: 'cod_unavailable', message: 'No cod', params: { names: 'Ring', count: 1 } };
    expect(placeFailureOf(refusal(422, 'cod_unavailable', { 'items.1': noCod })).lines).toEqual({ 1: [noCod] });
  });
  test("an order over a limit (issue 19) is shown in the shopper's language, not retried", async () => {
    const texts = async (locale: string) =>
      createTranslator({
        locale,
        messages: { refusals: (await import(`../../../i18n/messages/${locale}/refusals/orders.json`)).default as Record<string, string> },
        namespace: 'refusals',
      }) as unknown as RefusalTranslator;
    const rate = placeFailureOf(refusalFrom(429, { code: 'order_rate_limited', message: 'English', params: { max: 3, windowMinutes: 1, minutes: 1 } }));
    expect(rate.retry).toBe(false);
    expect(refusalText(rate.refusal!, await texts('en'), 'en')).toBe('You have placed 3 orders in the last minute. You can place the next one in 1 minute.');
    expect(refusalText(rate.refusal!, await texts('hi'), 'hi')).toBe('आपने पिछले एक मिनट में 3 ऑर्डर किए हैं। अगला ऑर्डर आप 1 मिनट में कर सकते हैं।');
    const open = placeFailureOf(refusalFrom(409, { code: 'open_orders_limit', message: 'English', params: { max: 3 } }));
    expect(open.retry).toBe(false);
    expect(refusalText(open.refusal!, await texts('en'), 'en')).toBe(
      'You already have 3 cash-on-delivery orders on the way. You can place another once one is delivered or cancelled.',
    );
    const tries = { code: 'coupon_tries_exceeded', message: 'English', params: { minutes: 15 } };
    const coupon = placeFailureOf(refusal(429, 'coupon_tries_exceeded', { couponCode: tries }));
    expect(coupon).toMatchObject({ retry: false, coupon: tries });
    expect(refusalText(coupon.coupon!, await texts('en'), 'en')).toBe('Too many coupon codes tried. Try again in 15 minutes.');
  });
  test('a BrowserApiError keeps its message (not an own enumerable property of an Error)', () => {
    const failure = placeFailureOf(new BrowserApiError(refusal(422, 'coupon_expired')));
    expect(failure.refusal).toEqual({ code: 'coupon_expired', message: 'English of coupon_expired' });
  });
});

describe('checkout messages', () => {
  test('the same keys in every language', async () => {
    const en = (await import('../../../i18n/messages/en/checkout.json')).default;
    const hi = (await import('../../../i18n/messages/hi/checkout.json')).default;
    const ar = (await import('../../../i18n/messages/ar/checkout.json')).default;
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix];
    expect(keys(hi)).toEqual(keys(en));
    expect(keys(ar)).toEqual(keys(en));
  });
});

describe('gift options (issue 24)', () => {
  const form = { ...EMPTY_GIFT, enabled: true, recipientName: 'Meera', recipientPhone: '+91 91234 56789', message: 'Happy birthday', wrap: true };
  test('a gift with its wrap becomes the request and the summary line', () => {
    expect(giftProblems(form, '2026-11-26')).toEqual({});
    expect(giftRequestOf(form, true)).toEqual({
      recipientName: 'Meera',
      recipientPhone: '+91 91234 56789',
      message: 'Happy birthday',
      wrap: true,
      occasion: null,
      occasionDate: null,
    });
    expect(giftWrapOf(form, 4_900)).toBe(4_900);
    expect(giftWrapOf({ ...form, enabled: false }, 4_900)).toBe(0);
    expect(giftRequestOf({ ...form, enabled: false }, true)).toBeNull();
  });
  test('names each problem by its refusal code', () => {
    expect(giftProblems({ ...form, recipientName: ' ', recipientPhone: '123', message: 'x'.repeat(251), occasionDate: '2026-11-25' }, '2026-11-26')).toEqual({
      recipientName: 'gift_recipient_name_required',
      recipientPhone: 'gift_recipient_phone_invalid',
      message: 'gift_message_too_long',
      occasionDate: 'gift_occasion_date_invalid',
    });
  });
  test("today is India's date", () => {
    expect(indiaToday(new Date('2026-11-26T19:00:00Z'))).toBe('2026-11-27');
  });
});
