/**
 * Razorpay Checkout's browser API, as the shop uses it (docs/providers/razorpay.md §4). The same calls drive the real
 * checkout.js and the loopback gateway's stand-in (decision 061): the API names which script to load.
 */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The argument of `payment.failed`. */
export interface CheckoutFailure {
  error: { code?: string; description?: string; source?: string; step?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}

export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description?: string;
  order_id: string;
  handler: (response: CheckoutSuccess) => void;
  prefill?: { name?: string; contact?: string };
  modal?: { ondismiss?: () => void; escape?: boolean; confirm_close?: boolean };
  retry?: { enabled: boolean };
  config?: { display?: { language?: string } };
}

export interface CheckoutInstance {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', callback: (response: CheckoutFailure) => void): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

const loading = new Map<string, Promise<CheckoutConstructor>>();

/**
 * Loads the checkout script once per URL, only when a payment is about to be made (never with the page: decision
 * 062). The tag is added by this (nonce-carrying) bundle, so the page's 'strict-dynamic' CSP lets it run. A failed
 * load is forgotten, so the next press tries again.
 */
export function loadCheckoutScript(url: string, doc: Document = document): Promise<CheckoutConstructor> {
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.checkout = '';
    script.onload = () => {
      const constructor = doc.defaultView?.Razorpay;
      if (constructor) resolve(constructor);
      else reject(new Error(`checkout script ${url} defined no Razorpay`));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`checkout script ${url} could not be loaded`));
    };
    doc.head.appendChild(script);
  });
  loading.set(url, promise);
  promise.catch(() => loading.delete(url));
  return promise;
}
