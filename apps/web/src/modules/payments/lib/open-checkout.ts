import type { CheckoutPayment } from '@shop/domain/order';
import type { CheckoutConstructor, CheckoutFailure, CheckoutSuccess } from './checkout-script';

/** How a checkout ended: paid (to be verified by the API), failed at the bank, or closed before paying. */
export type CheckoutOutcome = { kind: 'paid'; result: CheckoutSuccess } | { kind: 'failed'; failure: CheckoutFailure } | { kind: 'dismissed' };

export interface CheckoutDetails {
  /** The shop's name, shown at the top of Razorpay's modal. */
  shopName: string;
  orderNumber: string;
  /** The page's language: Razorpay's checkout speaks Hindi; other languages get its English. */
  locale: string;
  prefill?: { name?: string; contact?: string };
}

/**
 * Opens the provider's checkout for a prepaid order's checkout block and settles once: `handler` gives the signed
 * result, `payment.failed` a failure, and closing the modal (`modal.ondismiss`) either the failure seen before it or a
 * dismissal. Retries inside Razorpay's modal are off: the page offers its own retry and the switch to cash on
 * delivery, the same way for both outcomes.
 */
export function openCheckout(Razorpay: CheckoutConstructor, payment: CheckoutPayment, details: CheckoutDetails): Promise<CheckoutOutcome> {
  return new Promise((resolve) => {
    let failure: CheckoutFailure | null = null;
    let settled = false;
    const settle = (outcome: CheckoutOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const checkout = new Razorpay({
      key: payment.keyId,
      amount: payment.amount,
      currency: payment.currency,
      name: details.shopName,
      description: details.orderNumber,
      order_id: payment.providerOrderId,
      handler: (result) => settle({ kind: 'paid', result }),
      ...(details.prefill ? { prefill: details.prefill } : {}),
      modal: { ondismiss: () => settle(failure ? { kind: 'failed', failure } : { kind: 'dismissed' }), escape: true },
      retry: { enabled: false },
      ...(details.locale === 'hi' ? { config: { display: { language: 'hi' } } } : {}),
    });
    checkout.on('payment.failed', (response) => {
      failure = response;
    });
    checkout.open();
  });
}
