import { describe, expect, it } from 'vitest';
import { canMarkRefunded, canTransition, customerCanCancel, nextStatuses, type OrderStatus, orderStatuses, orderStatusLabels } from './order-status.ts';
import { paymentStatuses } from './payment.ts';

describe('order status machine', () => {
  it('walks the normal path one step at a time, for the shop', () => {
    const path: OrderStatus[] = ['placed', 'confirmed', 'in_production', 'packed', 'shipped', 'delivered'];
    for (let i = 0; i < path.length - 1; i++) expect(canTransition(path[i] as OrderStatus, path[i + 1] as OrderStatus, 'shop')).toBe(true);
    expect(canTransition('placed', 'shipped', 'shop')).toBe(false);
    expect(canTransition('shipped', 'packed', 'shop')).toBe(false);
    expect(canTransition('delivered', 'placed', 'shop')).toBe(false);
  });

  it('lets an order with nothing to make skip production', () => {
    expect(canTransition('confirmed', 'packed', 'shop')).toBe(true);
  });

  it('lets the customer cancel until the order goes into production', () => {
    expect(orderStatuses.filter(customerCanCancel)).toEqual(['placed', 'confirmed']);
    expect(canTransition('in_production', 'cancelled', 'customer')).toBe(false);
  });

  it('lets the customer do nothing else', () => {
    for (const from of orderStatuses) expect(nextStatuses(from, 'customer').filter((to) => to !== 'cancelled')).toEqual([]);
  });

  it('lets the shop cancel until the order is shipped', () => {
    expect(orderStatuses.filter((status) => canTransition(status, 'cancelled', 'shop'))).toEqual(['placed', 'confirmed', 'in_production', 'packed']);
  });

  it('allows returned and refunded only after delivery', () => {
    expect(orderStatuses.filter((status) => canTransition(status, 'returned', 'shop'))).toEqual(['delivered']);
    expect(orderStatuses.filter((status) => canTransition(status, 'refunded', 'shop'))).toEqual(['delivered', 'returned']);
  });

  it("marks an online-paid order refunded only once its payment is refunded in full; cash on delivery on the shop's word", () => {
    expect(paymentStatuses.filter((status) => canMarkRefunded('prepaid', status))).toEqual(['refunded']);
    expect(paymentStatuses.filter((status) => canMarkRefunded('cod', status))).toEqual([...paymentStatuses]);
  });

  it('ends at cancelled and refunded', () => {
    expect(nextStatuses('cancelled', 'shop')).toEqual([]);
    expect(nextStatuses('refunded', 'shop')).toEqual([]);
    expect(canTransition('cancelled', 'placed', 'shop')).toBe(false);
  });

  it('has a label for every status', () => {
    expect(Object.keys(orderStatusLabels)).toEqual([...orderStatuses]);
  });
});
