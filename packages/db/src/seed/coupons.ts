import type { coupons } from '../schema/orders.ts';

const day = 86_400_000;

/**
 * The shop's starter coupons: one of each kind a shopper or a tester meets. Amounts are paise.
 * - WELCOME10: 10% off, once per customer, no minimum.
 * - FLAT100: ₹100 off orders of ₹999 or more, up to 3 times per customer.
 * - FESTIVE20: 20% off, ended a month ago (shows the "expired" answer).
 * - LUCKY500: ₹500 off orders of ₹1,999 or more, one use in the whole shop (shows "fully used" once taken).
 */
export function couponSeed(now: Date): (typeof coupons.$inferInsert)[] {
  return [
    { code: 'WELCOME10', description: '10% off your first order', type: 'percent', value: 10, minimum: 0, maxUsesPerCustomer: 1 },
    { code: 'FLAT100', description: '₹100 off orders of ₹999 or more', type: 'fixed', value: 10_000, minimum: 99_900, maxUsesPerCustomer: 3 },
    {
      code: 'FESTIVE20',
      description: '20% off during the festive sale',
      type: 'percent',
      value: 20,
      minimum: 0,
      startsAt: new Date(now.getTime() - 60 * day),
      endsAt: new Date(now.getTime() - 30 * day),
      maxUsesPerCustomer: 1,
    },
    { code: 'LUCKY500', description: '₹500 off for one lucky shopper', type: 'fixed', value: 50_000, minimum: 1_99_900, maxUses: 1, maxUsesPerCustomer: 1 },
  ];
}
