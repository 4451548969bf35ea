'use client';

import type { CheckoutPayment, CouponCheckResponse } from '@shop/domain/order';
import type { ShippingRules } from '@shop/domain/pricing';
import type { CodTerms } from '@shop/domain/cod/cod-settings';
import { CASH_ON_DELIVERY, PREPAID } from '@shop/domain/payment';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SavedAddress } from '@lib/api/addresses';
import { BrowserApiError } from '@lib/api/browser-client';
import { checkCoupon, NetworkError, placeOrder } from '@lib/api/orders-browser';
import type { CodedText, Refusal } from '@lib/api/refusal';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
import { useCart } from '@modules/cart/lib/cart-store';
import { useCartStartup } from '@modules/cart/lib/use-cart-startup';
import { useUI } from '@modules/common/ui-store';
import { attemptKeyFor, finishAttempt, fingerprintOf, newAttemptKey, storageAttemptStore, type AttemptStore } from '../lib/attempt-key';
import { codBlockers, codNotice } from '../lib/cod';
import { couponCheckRequestOf, linesKey, placeOrderRequestOf } from '../lib/order-request';
import { placeFailureOf, type PlaceFailure } from '../lib/place-errors';
import { checkoutTotals } from '../lib/totals';
import { EMPTY_GIFT, type GiftForm, giftProblems, giftRequestOf, giftWrapOf, indiaToday } from '../lib/gift-choice';
import type { GiftTerms } from '@lib/api/gifting-browser';
import { GiftOptions } from './gift-options';
import { useCartHydrated } from '@modules/cart/lib/use-cart-hydrated';
import { useCartDelivery } from '@modules/delivery/components/use-cart-delivery';
import { rememberedPincode } from '@modules/delivery/lib/delivery-format';
import { PayOrder } from '@modules/payments/components/pay-order';
import { readPendingPayment, rememberPendingPayment, settlePendingPayment } from '@modules/payments/lib/pending-payment';
import { withSession } from '../lib/with-session';
import { AddressStep } from './address-step';
import { CouponField } from './coupon-field';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import { PaymentTermsProvider } from './payment-terms';
import { SignInStep } from './sign-in-step';

interface CheckoutFormProps {
  signedIn: boolean;
  addresses: SavedAddress[];
  shippingRules: ShippingRules;
  /** The shop's cash-on-delivery terms: fee, maximum, blocked pincodes, prepaid saving (decision 065). */
  codTerms: CodTerms;
  /** The shop's name, shown in the payment provider's checkout. */
  shopName: string;
}

/** A prepaid order just placed from this cart, waiting for its payment. */
interface AwaitingPayment {
  id: string;
  number: string;
  payment: CheckoutPayment;
  holdUntil: string | null;
}

/** Automatic retries of a placement that got no answer, with the same key (so never a second order). */
const RETRY_DELAYS_MS = [1000, 2000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type CouponCheck = { response: CouponCheckResponse; lines: string };

/** The refusal the server would answer for the shop's reason against cash on delivery, shown by its code. */
function codRefusalOf(block: NonNullable<ReturnType<typeof codNotice>['block']>): CodedText {
  return block.reason === 'pincode'
    ? { code: 'cod_pincode_blocked', message: '', params: { pincode: block.pincode } }
    : { code: 'cod_order_value_exceeded', message: '', params: { limit: block.limit } };
}

/** The API's coded refusal; null when no answer came (retry); status 0 for a failure in the page itself. */
function refusalOf(caught: unknown): Refusal | null {
  if (caught instanceof BrowserApiError) return caught;
  if (caught instanceof NetworkError) return null;
  return { status: 0, code: 'internal', message: caught instanceof Error ? caught.message : String(caught) };
}

/**
 * The checkout (issue 4): sign in, choose or add an address, check a coupon, choose online payment or cash on
 * delivery, place the order. The cart is the browser's (modules/cart); prices, stock, coupon and shipping are the
 * server's to decide, and its answers replace the browser's estimates where it has given them. A prepaid order is
 * paid right after it is placed (issue 20, modules/payments): the cart is emptied only once it is paid, or switched
 * to cash on delivery.
 */
export function CheckoutForm({ signedIn, addresses: savedAddresses, shippingRules, codTerms, shopName }: CheckoutFormProps) {
  const t = useTranslations('checkout');
  const tRefusal = useTranslations('refusals');
  const locale = useLocale();
  // Every refusal is shown by its code, in the shopper's language (decision 037).
  const refusalTextOf = useCallback((refusal: CodedText) => refusalText(refusal, tRefusal as unknown as RefusalTranslator, locale), [tRefusal, locale]);
  const router = useRouter();
  useCartStartup(shippingRules);
  const hydrated = useCartHydrated();
  const items = useCart((s) => s.items);
  const total = useCart((s) => s.total);
  const totalMrp = useCart((s) => s.totalMrp);
  const discount = useCart((s) => s.discount);
  const rules = useCart((s) => s.shippingRules);
  const coupon = useCart((s) => s.coupon);
  const isCashOnDelivery = useCart((s) => s.isCashOnDelivery);
  const { applyCoupon, setCashOnDelivery, removeItem, resetCart } = useCart.getState();
  const openCart = useUI((s) => s.openCart);
  const openModal = useUI((s) => s.openModal);

  const [addresses, setAddresses] = useState(savedAddresses);
  const [addressId, setAddressId] = useState<string | null>(() => (savedAddresses.find((a) => a.isDefault) ?? savedAddresses[0])?._id ?? null);
  const [check, setCheck] = useState<CouponCheck | null>(null);
  const [couponBusy, setCouponBusy] = useState(false);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [failure, setFailure] = useState<PlaceFailure | null>(null);
  const [stepErrors, setStepErrors] = useState<{ address: string | null; payment: string | null }>({ address: null, payment: null });
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [online, setOnline] = useState(false);
  const [awaiting, setAwaiting] = useState<AwaitingPayment | null>(null);
  // Issue 24: the gift options (their own component), the shop's wrap price, and whether to show their problems.
  const [gift, setGift] = useState<GiftForm>(EMPTY_GIFT);
  const [giftTerms, setGiftTerms] = useState<GiftTerms | null>(null);
  const [giftErrors, setGiftErrors] = useState(false);
  const giftRef = useRef<HTMLFieldSetElement>(null);
  // An order placed from this cart earlier and not paid: offered before a second one is placed.
  // Read once in the browser; the form shows only "loading" until the cart is read, so server and client agree.
  const [earlierUnpaid] = useState<string | null>(() => (signedIn && typeof window !== 'undefined' ? readPendingPayment() : null));

  const placingRef = useRef(false);
  const checkRef = useRef<CouponCheck | null>(null);
  const itemsRef = useRef(items);
  // The last check and the lines as rendered, for the coupon effect below (declared after this one, so it runs after).
  useEffect(() => {
    checkRef.current = check;
    itemsRef.current = items;
  });
  const attempts = useRef<AttemptStore | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const addressRef = useRef<HTMLFieldSetElement>(null);
  const paymentRef = useRef<HTMLFieldSetElement>(null);

  const lines = linesKey(items);
  const currentCheck = check && check.lines === lines && coupon && check.response.code === coupon.code ? check.response : null;
  // The COD fee (or, when paying online, the saving) follows the chosen way to pay, by the server's rule.
  const totals = checkoutTotals(
    { total, totalMrp, discount, shippingRules: rules },
    currentCheck,
    {
      method: online ? PREPAID : isCashOnDelivery ? CASH_ON_DELIVERY : null,
      terms: codTerms,
    },
    giftWrapOf(gift, giftTerms?.wrapFee ?? null),
  );
  const blockers = useMemo(() => codBlockers(items), [items]);
  // The shop's own reasons against cash on delivery for this cart and address, shown at the payment step.
  const pincode = addresses.find((a) => a._id === addressId)?.pincode ?? null;
  const notice = codNotice(codTerms, { total: totals.total, discount: totals.discount, shipping: totals.shipping, pincode });
  // The promise per line and for the order (issue 22): to the chosen address, else to the pincode the shopper checked on
  // a product page (this device's storage, read only once the page is hydrated).
  const productIds = useMemo(() => items.map((item) => item.productId), [items]);
  const delivery = useCartDelivery(pincode ?? (hydrated ? rememberedPincode() : ''), productIds);

  // A coupon kept in the cart (or a changed cart) is checked again by the server: its answer is the one shown.
  const couponCode = coupon?.code ?? null;
  useEffect(() => {
    // The lines are read through `lines`, their key: a new array with the same lines needs no second check.
    const items = itemsRef.current;
    if (!signedIn || !hydrated || !couponCode || items.length === 0) return;
    // Just checked for these lines (the coupon was applied here a moment ago).
    if (checkRef.current?.lines === lines && checkRef.current.response.code === couponCode) return;
    let cancelled = false;
    setCouponBusy(true);
    withSession(() => checkCoupon(couponCheckRequestOf(items, couponCode)))
      .then((response) => {
        if (cancelled) return;
        setCheck({ response, lines: linesKey(items) });
        setCouponError(null);
      })
      .catch((caught: unknown) => {
        if (cancelled) return;
        // A refusal removes the coupon; a lost connection keeps it (the order is checked again anyway).
        if (caught instanceof BrowserApiError && caught.status >= 400 && caught.status < 500) {
          applyCoupon(null);
          setCouponError(refusalTextOf(caught));
        }
      })
      .finally(() => {
        if (!cancelled) setCouponBusy(false);
      });
    return () => {
      cancelled = true;
    };
  }, [signedIn, hydrated, couponCode, lines, applyCoupon, refusalTextOf]);

  async function apply(code: string) {
    setCouponBusy(true);
    setCouponError(null);
    try {
      const response = await withSession(() => checkCoupon(couponCheckRequestOf(items, code)));
      setCheck({ response, lines });
      applyCoupon({ code: response.code, minimum: response.minimum, discount: response.discount });
    } catch (caught) {
      setCouponError(caught instanceof BrowserApiError ? refusalTextOf(caught) : t('coupon.failed'));
    } finally {
      setCouponBusy(false);
    }
  }

  function showFailure(next: PlaceFailure) {
    setFailure(next);
    requestAnimationFrame(() => failureRef.current?.focus());
  }

  async function submit() {
    // A second press while the first is on its way does nothing (and would reuse the same key anyway).
    if (placingRef.current) return;
    setFailure(null);
    const address = addressId && addresses.some((a) => a._id === addressId) ? addressId : null;
    const method = online ? PREPAID : isCashOnDelivery && blockers.length === 0 ? CASH_ON_DELIVERY : null;
    // The shop refuses cash on delivery here (blocked pincode, over the maximum): say why before asking the server.
    const codRefused = method === CASH_ON_DELIVERY && notice.block ? refusalTextOf(codRefusalOf(notice.block)) : null;
    const missing = { address: address ? null : t('address.required'), payment: method ? codRefused : t('payment.required') };
    setStepErrors(missing);
    if (missing.address || missing.payment) {
      requestAnimationFrame(() => (missing.address ? addressRef : paymentRef).current?.focus());
      return;
    }
    if (Object.keys(giftProblems(gift, indiaToday(), giftTerms?.messageMax)).length > 0) {
      setGiftErrors(true);
      requestAnimationFrame(() => giftRef.current?.focus());
      return;
    }
    const couponToSend = coupon && (currentCheck ? currentCheck.applicable : true) ? coupon.code : null;
    const body = placeOrderRequestOf(items, address!, couponToSend, method!, giftRequestOf(gift, giftTerms?.wrapFee !== null && giftTerms !== null));
    attempts.current ??= storageAttemptStore(typeof window === 'undefined' ? null : window.sessionStorage);
    const key = attemptKeyFor(fingerprintOf(body), attempts.current, newAttemptKey);

    placingRef.current = true;
    setPlacing(true);
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const order = await withSession(() => placeOrder(body, key));
          finishAttempt(attempts.current);
          if (order.payment) {
            // Placed, not paid: the cart stays until the payment goes through (or the order is paid on delivery).
            rememberPendingPayment(order._id);
            setAwaiting({ id: order._id, number: order.number, payment: order.payment, holdUntil: order.reservationExpiresAt });
            return;
          }
          setPlaced(true);
          router.push(`/order?id=${encodeURIComponent(order._id)}`);
          resetCart();
          return;
        } catch (caught) {
          const next = placeFailureOf(refusalOf(caught));
          if (next.retry && attempt < RETRY_DELAYS_MS.length) {
            await wait(RETRY_DELAYS_MS[attempt]!);
            continue;
          }
          // A refusal ends the attempt; a placement left without an answer keeps its key for the next press.
          if (!next.retry) finishAttempt(attempts.current);
          // The session ended since the page was loaded: sign in again here, then press again.
          if (caught instanceof BrowserApiError && caught.status === 401) openModal('OTP_LOGIN_VIEW', null);
          if (next.coupon) {
            applyCoupon(null);
            setCouponError(refusalTextOf(next.coupon));
          }
          if (next.address) setStepErrors((errors) => ({ ...errors, address: refusalTextOf(next.address!) }));
          showFailure(next);
          return;
        }
      }
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  }

  if (awaiting && !placed) {
    const chosen = addresses.find((a) => a._id === addressId);
    return (
      <div className="mx-auto max-w-2xl">
        <PayOrder
          orderId={awaiting.id}
          orderNumber={awaiting.number}
          payment={awaiting.payment}
          holdUntil={awaiting.holdUntil}
          codAllowed={blockers.length === 0}
          shopName={shopName}
          prefill={chosen ? { name: chosen.name, contact: `+91${chosen.mobile}` } : undefined}
          autoOpen
          onDone={(orderId) => {
            settlePendingPayment(orderId);
            setPlaced(true);
            router.push(`/order?id=${encodeURIComponent(orderId)}`);
            resetCart();
          }}
        />
      </div>
    );
  }
  if (placed) {
    return (
      <p role="status" className="rounded-xl border border-line bg-white p-6 text-center">
        {t('placed')}
      </p>
    );
  }
  if (!hydrated) {
    return (
      <p className="text-muted" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-line bg-white p-6 text-center">
        <p className="text-lg">{t('empty')}</p>
        <Link
          prefetch={false}
          href="/shop"
          className="mt-4 inline-flex min-h-11 items-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-strong"
        >
          {t('continueShopping')}
        </Link>
      </div>
    );
  }

  const failureText = failure ? (failure.refusal ? refusalTextOf(failure.refusal) : t('networkFailure')) : null;
  const lineErrors = Object.fromEntries(Object.entries(failure?.lines ?? {}).map(([index, refusals]) => [index, refusals.map(refusalTextOf).join(' ')]));
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="flex flex-col gap-6">
        {earlierUnpaid ? (
          <p className="rounded-lg border border-line bg-surface p-3 text-sm">
            {t('pay.earlierUnpaid')}{' '}
            <Link
              href={`/checkout/pay/${encodeURIComponent(earlierUnpaid)}`}
              prefetch={false}
              className="font-semibold text-brand underline underline-offset-4"
            >
              {t('pay.earlierUnpaidLink')}
            </Link>
          </p>
        ) : null}
        {signedIn ? (
          <>
            <AddressStep
              ref={addressRef}
              addresses={addresses}
              selected={addressId}
              onSelect={(id) => {
                setAddressId(id);
                setStepErrors((errors) => ({ ...errors, address: null }));
              }}
              onAdded={(address) => {
                setAddresses((list) => [...list, address]);
                setAddressId(address._id);
                setStepErrors((errors) => ({ ...errors, address: null }));
              }}
              error={stepErrors.address}
            />
            <PaymentTermsProvider notice={notice}>
              <PaymentStep
                ref={paymentRef}
                cashOnDelivery={isCashOnDelivery}
                onCashOnDelivery={() => {
                  setOnline(false);
                  setCashOnDelivery(true);
                  setStepErrors((errors) => ({ ...errors, payment: null }));
                }}
                online={online}
                onOnline={() => {
                  setOnline(true);
                  if (isCashOnDelivery) setCashOnDelivery(false);
                  setStepErrors((errors) => ({ ...errors, payment: null }));
                }}
                blockers={blockers}
                error={stepErrors.payment}
              />
            </PaymentTermsProvider>
            <GiftOptions
              ref={giftRef}
              value={gift}
              onChange={setGift}
              onTerms={setGiftTerms}
              pincode={pincode}
              productIds={items.map((item) => item.productId)}
              showErrors={giftErrors}
            />
          </>
        ) : (
          <SignInStep />
        )}
      </div>
      <div className="flex flex-col gap-4 lg:sticky lg:top-24">
        <OrderSummary
          items={items}
          totals={totals}
          lineErrors={lineErrors}
          delivery={delivery}
          onRemoveLine={(id) => {
            removeItem(id);
            setFailure(null);
          }}
          onEditCart={openCart}
          coupon={
            signedIn ? (
              <CouponField
                applied={
                  coupon
                    ? {
                        code: coupon.code,
                        amount: currentCheck ? currentCheck.amount : null,
                        // Below the coupon's minimum the check says what is missing: shown by its code.
                        note:
                          currentCheck && !currentCheck.applicable
                            ? refusalTextOf({ code: 'coupon_minimum_not_met', message: currentCheck.message ?? '', params: { minimum: currentCheck.minimum } })
                            : null,
                      }
                    : null
                }
                busy={couponBusy}
                error={couponError}
                onApply={(code) => void apply(code)}
                onRemove={() => {
                  applyCoupon(null);
                  setCheck(null);
                  setCouponError(null);
                }}
              />
            ) : null
          }
        />
        {failureText ? (
          <div
            ref={failureRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg bg-danger/10 p-3 text-sm text-danger focus:outline-none focus:ring-2 focus:ring-danger/40"
          >
            <p className="font-semibold">{failure?.retry ? t('retryTitle') : t('refusedTitle')}</p>
            <p className="mt-1">{failureText}</p>
            {failure && Object.keys(failure.lines).length > 0 ? <p className="mt-1">{t('fixCart')}</p> : null}
          </div>
        ) : null}
        {signedIn ? (
          <button
            type="button"
            onClick={() => void submit()}
            disabled={placing}
            aria-busy={placing || undefined}
            className="inline-flex min-h-12 w-full items-center justify-center rounded-full bg-brand px-6 py-3 text-lg font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
          >
            {placing ? t('placing') : online ? t('placeAndPay') : t('placeOrder')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
