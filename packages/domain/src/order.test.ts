import { describe, expect, it } from 'vitest';
import { fieldRefusalsOf } from './field-errors.ts';
import {
  couponCheckRequestSchema,
  idempotencyKeySchema,
  MAX_ORDER_LINES,
  MAX_QUANTITY_PER_LINE,
  orderApiPaths,
  orderStatusChangeRequestSchema,
  placeOrderRequestSchema,
  trackOrderRequestSchema,
} from './order.ts';
import { refusalMessage } from './refusals/index.ts';

const productId = '0b6c1a52-3c55-4f4e-9d2a-0c0e1f1a2b3c';
const addressId = '1b6c1a52-3c55-4f4e-9d2a-0c0e1f1a2b3c';
const valid = { items: [{ productId, variantId: null, quantity: 1 }], addressId, paymentMethod: 'cod' };

/** The code each field is refused with (schemas name codes, decision 037). */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('placeOrderRequestSchema', () => {
  it('keeps ids, quantities, the address, cod and an upper-cased coupon, and drops any price a client sends', () => {
    const parsed = placeOrderRequestSchema.parse({
      ...valid,
      items: [{ productId, quantity: 2, price: 1, mrp: 1, itemTotal: 2 }],
      couponCode: ' welcome10 ',
      total: 1,
      grandTotal: 1,
    });
    expect(parsed).toEqual({ items: [{ productId, variantId: null, quantity: 2 }], addressId, paymentMethod: 'cod', couponCode: 'WELCOME10' });
  });

  it('treats an empty coupon as none', () => {
    expect(placeOrderRequestSchema.parse({ ...valid, couponCode: '' }).couponCode).toBeUndefined();
    expect(placeOrderRequestSchema.parse({ ...valid, couponCode: null }).couponCode).toBeUndefined();
  });

  it.each([0, -1, 0.5, 1e9, '1', null, MAX_QUANTITY_PER_LINE + 1])('refuses quantity %s with one code naming the limit', (quantity) => {
    const result = placeOrderRequestSchema.safeParse({ ...valid, items: [{ productId, quantity }] });
    expect(issues(result)).toEqual({ 'items.0.quantity': 'quantity_invalid' });
    expect(fieldRefusalsOf(result.error!)).toEqual({
      'items.0.quantity': {
        code: 'quantity_invalid',
        message: `Quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_LINE}`,
        params: { max: MAX_QUANTITY_PER_LINE },
      },
    });
  });

  it('stops a line at 10 units and an order at 20 lines (issue 19: a line asked 99 units, an order 50 lines)', () => {
    const lines = (count: number, quantity = 1) =>
      Array.from({ length: count }, (_, i) => ({ productId: `${String(i).padStart(8, '0')}${productId.slice(8)}`, quantity }));
    expect(placeOrderRequestSchema.safeParse({ ...valid, items: lines(1, 10) }).success).toBe(true);
    expect(issues(placeOrderRequestSchema.safeParse({ ...valid, items: lines(1, 11) }))).toEqual({ 'items.0.quantity': 'quantity_invalid' });
    expect(issues(placeOrderRequestSchema.safeParse({ ...valid, items: lines(1, 99) }))).toEqual({ 'items.0.quantity': 'quantity_invalid' });
    expect(placeOrderRequestSchema.safeParse({ ...valid, items: lines(20) }).success).toBe(true);
    expect(issues(placeOrderRequestSchema.safeParse({ ...valid, items: lines(21) }))).toEqual({ items: 'order_lines_invalid' });
    expect(issues(placeOrderRequestSchema.safeParse({ ...valid, items: lines(50) }))).toEqual({ items: 'order_lines_invalid' });
  });

  it('accepts the largest quantity', () => {
    expect(placeOrderRequestSchema.safeParse({ ...valid, items: [{ productId, quantity: MAX_QUANTITY_PER_LINE }] }).success).toBe(true);
  });

  it('names every bad field', () => {
    const result = placeOrderRequestSchema.safeParse({ items: [{ productId: 'x', variantId: 5, quantity: 1 }], addressId: 'home', paymentMethod: 'card' });
    expect(issues(result)).toEqual({
      'items.0.productId': 'product_id_invalid',
      'items.0.variantId': 'variant_id_invalid',
      addressId: 'address_required',
      paymentMethod: 'payment_method_invalid',
    });
    expect(fieldRefusalsOf(result.error!).paymentMethod?.message).toBe('Choose cash on delivery or pay online');
  });

  it('refuses an empty order, more than MAX_ORDER_LINES lines, and one product option on two lines', () => {
    expect(issues(placeOrderRequestSchema.safeParse({ ...valid, items: [] }))).toEqual({ items: 'order_lines_invalid' });
    expect(issues(placeOrderRequestSchema.safeParse({ ...valid, items: Array.from({ length: MAX_ORDER_LINES + 1 }, () => valid.items[0]) }))).toEqual({
      items: 'order_lines_invalid',
    });
    expect(refusalMessage('order_lines_invalid')).toBe('An order holds from 1 to 20 lines');
    const twice = placeOrderRequestSchema.safeParse({ ...valid, items: [valid.items[0], { productId: productId.toUpperCase(), quantity: 3 }] });
    expect(issues(twice)).toEqual({ 'items.1': 'duplicate_line' });
  });

  it('refuses a coupon code that is too long', () => {
    expect(issues(placeOrderRequestSchema.safeParse({ ...valid, couponCode: 'X'.repeat(41) }))).toEqual({ couponCode: 'coupon_code_invalid' });
    expect(refusalMessage('coupon_code_invalid')).toBe('Coupon code must be 1 to 40 characters');
  });
});

describe('couponCheckRequestSchema', () => {
  it('upper-cases the code and needs the cart', () => {
    expect(couponCheckRequestSchema.parse({ code: 'flat100', items: valid.items }).code).toBe('FLAT100');
    expect(issues(couponCheckRequestSchema.safeParse({ code: 'FLAT100' }))).toHaveProperty('items');
  });
});

describe('order refusals (refusals/orders.ts)', () => {
  it('says how much more the cart needs in rupees', () => {
    expect(refusalMessage('coupon_minimum_not_met', { minimum: 99_900 })).toBe('Add items worth ₹999 or more to use this coupon');
  });

  it('names the line short of stock and what is left', () => {
    expect(refusalMessage('out_of_stock', { name: 'Moon lamp (Rose)', left: 2 })).toBe('Only 2 of Moon lamp (Rose) left');
    expect(refusalMessage('out_of_stock', { name: 'Moon lamp (Rose)', left: 0 })).toBe('Moon lamp (Rose) is out of stock');
    expect(refusalMessage('cod_unavailable', { names: ['Gold ring', 'Silk saree'], count: 2 })).toBe(
      'Cash on delivery is not available for Gold ring, Silk saree. Remove them from the cart to pay on delivery.',
    );
    expect(refusalMessage('cod_unavailable', { names: ['Gold ring'], count: 1 })).toBe(
      'Cash on delivery is not available for Gold ring. Remove it from the cart to pay on delivery.',
    );
  });

  it('names a refused status change by its labels', () => {
    expect(refusalMessage('status_change_not_allowed', { from: 'in_production', to: 'placed' })).toBe('An order that is being made cannot become order placed');
    expect(refusalMessage('cancel_too_late')).toBe('This order can no longer be cancelled: it is already being made or on its way');
  });
});

describe('idempotencyKeySchema', () => {
  it('takes 1 to 100 visible characters', () => {
    expect(idempotencyKeySchema.safeParse('3f1c2a9e-checkout').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('x'.repeat(100)).success).toBe(true);
    for (const bad of ['', 'has space', 'x'.repeat(101), 'tab\t'])
      expect(issues(idempotencyKeySchema.safeParse(bad))).toEqual({ '': 'idempotency_key_invalid' });
    expect(refusalMessage('idempotency_key_invalid')).toBe('Idempotency-Key must be 1 to 100 visible characters');
  });
});

describe('trackOrderRequestSchema', () => {
  it('reads the number in any case and the mobile in any common form', () => {
    expect(trackOrderRequestSchema.parse({ number: ' kg-261123-7k3m9q ', mobile: '098765 43210' })).toEqual({
      number: 'KG-261123-7K3M9Q',
      mobile: '+919876543210',
    });
  });
  it('refuses anything else, naming the field', () => {
    expect(issues(trackOrderRequestSchema.safeParse({ number: '42', mobile: '12345' }))).toEqual({
      number: 'order_number_invalid',
      mobile: 'tracking_mobile_invalid',
    });
    expect(issues(trackOrderRequestSchema.safeParse({ number: 42, mobile: null }))).toEqual({
      number: 'order_number_invalid',
      mobile: 'tracking_mobile_invalid',
    });
  });
});

describe('orderStatusChangeRequestSchema', () => {
  it('takes a status, a note and tracking with an http(s) link only', () => {
    expect(
      orderStatusChangeRequestSchema.safeParse({ status: 'shipped', tracking: { carrier: 'Delhivery', number: 'DL1', link: 'https://t.example/DL1' } }).success,
    ).toBe(true);
    expect(
      issues(orderStatusChangeRequestSchema.safeParse({ status: 'shipped', tracking: { carrier: 'D', number: '1', link: 'javascript:alert(1)' } })),
    ).toEqual({
      'tracking.link': 'tracking_link_invalid',
    });
    expect(issues(orderStatusChangeRequestSchema.safeParse({ status: 'shipped', tracking: { carrier: ' ', number: '1' }, note: 'x'.repeat(501) }))).toEqual({
      'tracking.carrier': 'tracking_required',
      note: 'status_note_too_long',
    });
    expect(orderStatusChangeRequestSchema.safeParse({ status: 'lost' }).success).toBe(false);
  });
});

describe('orderApiPaths', () => {
  it('are the spec paths', () => {
    expect(orderApiPaths.place).toBe('/api/user/order');
    expect(orderApiPaths.list).toBe('/api/user/orders');
    expect(orderApiPaths.count).toBe('/api/orders-count');
    expect(orderApiPaths.coupon).toBe('/api/user/coupon');
    expect(orderApiPaths.detail('a b')).toBe('/api/user/order/a%20b');
  });
});
