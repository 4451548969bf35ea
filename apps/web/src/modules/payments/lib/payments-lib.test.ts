import { orderApiPaths, type CheckoutPayment } from '@shop/domain/order';
import { describe, expect, it } from 'vitest';
import type { CheckoutConstructor, CheckoutFailure, CheckoutOptions } from './checkout-script';
import { openCheckout } from './open-checkout';
import { canPayNow, paymentStatusKey } from './payment-display';
import { browserPaymentPaths } from './payments-browser';
import { rememberPendingPayment, settlePendingPayment } from './pending-payment';

const payment: CheckoutPayment = {
  provider: 'razorpay',
  keyId: 'rzp_test_abc',
  providerOrderId: 'order_Abc123',
  amount: 44_900,
  currency: 'INR',
  scriptUrl: '/api/payments/loopback/checkout.js',
};

/** A stand-in for checkout.js whose `open` plays a scripted shopper. */
function fakeCheckout(play: (options: CheckoutOptions, failed: (failure: CheckoutFailure) => void) => void) {
  const seen: CheckoutOptions[] = [];
  const Razorpay = class {
    private failedListeners: ((failure: CheckoutFailure) => void)[] = [];
    constructor(private readonly options: CheckoutOptions) {
      seen.push(options);
    }
    on(_event: 'payment.failed', callback: (failure: CheckoutFailure) => void) {
      this.failedListeners.push(callback);
    }
    open() {
      play(this.options, (failure) => this.failedListeners.forEach((listener) => listener(failure)));
    }
  } as unknown as CheckoutConstructor;
  return { Razorpay, seen };
}

const details = { shopName: 'Kaarigar', orderNumber: 'KG-261126-ABC123', locale: 'hi' };

describe('openCheckout', () => {
  it('opens Razorpay Checkout for the order’s block and settles with the signed result', async () => {
    const result = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_Abc123', razorpay_signature: 'a'.repeat(64) };
    const { Razorpay, seen } = fakeCheckout((options) => options.handler(result));
    await expect(openCheckout(Razorpay, payment, details)).resolves.toEqual({ kind: 'paid', result });
    expect(seen[0]).toMatchObject({
      key: 'rzp_test_abc',
      amount: 44_900,
      currency: 'INR',
      order_id: 'order_Abc123',
      name: 'Kaarigar',
      retry: { enabled: false },
      config: { display: { language: 'hi' } },
    });
  });

  it('a failure then the modal closed is a failure; closed without one is a dismissal', async () => {
    const failure = { error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_failed' } };
    const failing = fakeCheckout((options, failed) => {
      failed(failure);
      options.modal?.ondismiss?.();
    });
    await expect(openCheckout(failing.Razorpay, payment, details)).resolves.toEqual({ kind: 'failed', failure });
    const closing = fakeCheckout((options) => options.modal?.ondismiss?.());
    await expect(openCheckout(closing.Razorpay, payment, { ...details, locale: 'ar' })).resolves.toEqual({ kind: 'dismissed' });
    expect(closing.seen[0]?.config).toBeUndefined();
  });
});

describe('payment display', () => {
  it('says cash on delivery is paid on delivery, and offers Pay now only while the stock is held', () => {
    expect(paymentStatusKey('cod', 'pending')).toBe('codPending');
    expect(paymentStatusKey('prepaid', 'pending')).toBe('pending');
    expect(paymentStatusKey('cod', 'captured')).toBe('captured');
    const now = new Date('2026-11-26T10:00:00Z');
    expect(canPayNow({ payment, reservationExpiresAt: '2026-11-26T10:05:00Z' }, now)).toBe(true);
    expect(canPayNow({ payment, reservationExpiresAt: '2026-11-26T09:59:59Z' }, now)).toBe(false);
    expect(canPayNow({ reservationExpiresAt: '2026-11-26T10:05:00Z' }, now)).toBe(false);
    expect(canPayNow({ payment, reservationExpiresAt: null }, now)).toBe(false);
  });

  it('calls the API’s payment paths', () => {
    expect(browserPaymentPaths.verify('a b')).toBe(orderApiPaths.verifyPayment('a b'));
    expect(browserPaymentPaths.payOnDelivery('a b')).toBe(orderApiPaths.payOnDelivery('a b'));
  });
});

describe('the pending payment', () => {
  it('empties the cart only for the order placed from it, once', () => {
    const map = new Map<string, string>();
    const store = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    rememberPendingPayment('order-1', store);
    expect(settlePendingPayment('order-2', store)).toBe(false);
    expect(settlePendingPayment('order-1', store)).toBe(true);
    expect(settlePendingPayment('order-1', store)).toBe(false);
    expect(settlePendingPayment('order-1', null)).toBe(false);
  });
});
