import { describe, expect, test } from 'vitest';
import { couponMessages, orderMessages } from '@shop/domain/order';
import en from '../../../i18n/messages/en/checkout.json';
import { checkoutServerMessageKeys, translateServerMessage } from './server-messages';

const t = (key: string, values?: Record<string, string>) => `${key}${values ? JSON.stringify(values) : ''}`;

describe('checkout server messages', () => {
  test("cover the domain's static coupon and order texts, each with an English translation", () => {
    const texts = [
      couponMessages.notFound,
      couponMessages.notStarted,
      couponMessages.expired,
      couponMessages.usedUp,
      couponMessages.usedByYou,
      orderMessages.couponCode,
      orderMessages.addressNotFound,
      orderMessages.addressId,
      orderMessages.idempotencyInFlight,
    ];
    for (const text of texts) expect(checkoutServerMessageKeys[text], text).toBeDefined();
    for (const key of Object.values(checkoutServerMessageKeys)) expect(en.serverMessages, key).toHaveProperty(key);
    expect(en.serverMessages).toHaveProperty('couponMinimum');
  });
  test('the minimum keeps its amount; unknown texts pass through', () => {
    expect(translateServerMessage(couponMessages.minimum(49_900), t)).toBe('couponMinimum{"amount":"₹499"}');
    expect(translateServerMessage('Lamp is out of stock', t)).toBe('Lamp is out of stock');
    expect(translateServerMessage(couponMessages.expired, t)).toBe('couponExpired');
  });
});

describe('checkout messages', () => {
  test('the same keys in every language', async () => {
    const hi = (await import('../../../i18n/messages/hi/checkout.json')).default;
    const ar = (await import('../../../i18n/messages/ar/checkout.json')).default;
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix];
    expect(keys(hi)).toEqual(keys(en));
    expect(keys(ar)).toEqual(keys(en));
  });
});
