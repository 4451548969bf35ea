import { describe, expect, test } from 'vitest';
import { DEFAULT_SHIPPING_RULES } from '@shop/domain/pricing';
import { codBlockers } from './cod';
import { couponCheckRequestOf, linesKey, placeOrderRequestOf } from './order-request';
import { placeFailureOf } from './place-errors';
import { checkoutTotals } from './totals';

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
    expect(checkoutTotals(cart, null)).toEqual({ total: 40_000, savings: 10_000, discount: 0, shipping: 15_000, grandTotal: 55_000, fromServer: false });
  });
  test("the server's total and discount once a coupon check answered; shipping follows its total", () => {
    expect(checkoutTotals(cart, { total: 50_000, amount: 5_000 })).toEqual({
      total: 50_000,
      savings: 10_000,
      discount: 5_000,
      shipping: 0,
      grandTotal: 45_000,
      fromServer: true,
    });
  });
});

describe('place order failures', () => {
  test('a network failure is retried', () => {
    expect(placeFailureOf(null)).toMatchObject({ retry: true, message: null });
  });
  test('out of stock names the lines and is not retried as is', () => {
    const failure = placeFailureOf({
      status: 409,
      message: 'Lamp is out of stock. Only 2 of Ring - 7 left',
      errors: { 'items.0.quantity': 'Lamp is out of stock', 'items.2.quantity': 'Only 2 of Ring - 7 left' },
    });
    expect(failure).toMatchObject({ retry: false, lines: { 0: 'Lamp is out of stock', 2: 'Only 2 of Ring - 7 left' }, coupon: null });
  });
  test('a twin request still placing (409 without fields) and server errors are retried', () => {
    expect(placeFailureOf({ status: 409, message: 'This order is still being placed; try again in a moment' }).retry).toBe(true);
    expect(placeFailureOf({ status: 503, message: 'Service Unavailable' }).retry).toBe(true);
  });
  test('coupon, address and cash-on-delivery refusals land on their fields', () => {
    expect(placeFailureOf({ status: 409, message: 'You have already used this coupon', errors: { couponCode: 'You have already used this coupon' } })).toMatchObject({
      retry: false,
      coupon: 'You have already used this coupon',
    });
    expect(placeFailureOf({ status: 404, message: 'Address not found', errors: { addressId: 'Address not found' } }).address).toBe('Address not found');
    expect(placeFailureOf({ status: 422, message: 'No cod', errors: { 'items.1': 'No cod' } }).lines).toEqual({ 1: 'No cod' });
  });
});
