import { describe, expect, it } from 'vitest';
import { canMovePayment, isCashOnDelivery, isPaid, isSecondCapture, paymentStatusesBefore, refundStatus } from './payment.ts';

describe('payment rules', () => {
  it('moves forward only: a paid order never goes back to pending or failed', () => {
    expect(canMovePayment('pending', 'captured')).toBe(true);
    expect(canMovePayment('authorized', 'captured')).toBe(true);
    expect(canMovePayment('failed', 'captured')).toBe(true);
    expect(canMovePayment('captured', 'failed')).toBe(false);
    expect(canMovePayment('captured', 'authorized')).toBe(false);
    expect(canMovePayment('captured', 'captured')).toBe(false);
    expect(canMovePayment('refunded', 'captured')).toBe(false);
    expect(canMovePayment('partially_refunded', 'partially_refunded')).toBe(true);
  });

  it('lists the statuses a report may replace', () => {
    expect(paymentStatusesBefore('captured')).toEqual(['pending', 'authorized', 'failed']);
    expect(paymentStatusesBefore('failed')).toEqual(['pending']);
  });

  it('knows paid statuses, cash on delivery and refund states', () => {
    expect(isPaid('captured')).toBe(true);
    expect(isPaid('pending')).toBe(false);
    expect(isCashOnDelivery('cod')).toBe(true);
    expect(isCashOnDelivery('prepaid')).toBe(false);
    expect(refundStatus(100, 40)).toBe('partially_refunded');
    expect(refundStatus(100, 100)).toBe('refunded');
  });

  it("tells a second captured payment from the order's own, and from one that only replaces an authorisation", () => {
    expect(isSecondCapture({ paymentStatus: 'captured', providerPaymentId: 'pay_A' }, 'pay_B')).toBe(true);
    expect(isSecondCapture({ paymentStatus: 'partially_refunded', providerPaymentId: 'pay_A' }, 'pay_B')).toBe(true);
    expect(isSecondCapture({ paymentStatus: 'refunded', providerPaymentId: 'pay_A' }, 'pay_B')).toBe(true);
    // The order's own payment reported again.
    expect(isSecondCapture({ paymentStatus: 'captured', providerPaymentId: 'pay_A' }, 'pay_A')).toBe(false);
    // Only authorised, or not paid yet: the captured money is the order's payment.
    expect(isSecondCapture({ paymentStatus: 'authorized', providerPaymentId: 'pay_A' }, 'pay_B')).toBe(false);
    expect(isSecondCapture({ paymentStatus: 'pending', providerPaymentId: null }, 'pay_B')).toBe(false);
    expect(isSecondCapture({ paymentStatus: 'failed', providerPaymentId: null }, 'pay_B')).toBe(false);
  });
});
