/**
 * The loopback gateway's stand-in for Razorpay's checkout.js (decision 061). The storefront loads whatever script the
 * checkout block names; with the loopback gateway that is this one, served by the API (so by the storefront's own
 * origin, which forwards /api/*). It implements the part of Razorpay Checkout's browser API the shop uses
 * (docs/providers/razorpay.md §4): `new Razorpay(options)`, `.open()`, `.close()`, `.on('payment.failed', cb)` with
 * Razorpay's error object, `options.handler({razorpay_payment_id, razorpay_order_id, razorpay_signature})`,
 * `options.modal.ondismiss` and `options.retry.enabled`. `.open()` shows a "Pay" dialog (a modal <dialog>, keyboard
 * and screen-reader usable, in the page's language: en, hi or ar) where the tester chooses Pay, Fail or Close. Pay and
 * Fail call the gateway's real `pay`/`fail` through the routes below, so the signature the browser gets and the
 * webhooks the API receives are the real ones.
 */

export const LOOPBACK_CHECKOUT_SCRIPT_PATH = '/api/payments/loopback/checkout.js';
export const LOOPBACK_PAY_PATH = '/api/payments/loopback/pay';
export const LOOPBACK_FAIL_PATH = '/api/payments/loopback/fail';

/** The dialog's words; `{amount}` and `{name}` are filled in. The page's <html lang> picks the language. */
const TEXTS = {
  en: {
    title: 'Test payment',
    amount: '{amount} to {name}',
    note: "The shop's test gateway stands in for Razorpay: no money moves. Choose what this payment does.",
    pay: 'Pay',
    fail: 'Fail',
    close: 'Close',
    working: 'Please wait…',
    failed: 'The payment failed. Pay again, or close.',
    error: 'The test gateway did not answer. Try again.',
  },
  hi: {
    title: 'परीक्षण भुगतान',
    amount: '{name} को {amount}',
    note: 'Razorpay की जगह दुकान का परीक्षण गेटवे है: कोई पैसा नहीं कटता। चुनें कि यह भुगतान क्या करे।',
    pay: 'भुगतान करें',
    fail: 'विफल करें',
    close: 'बंद करें',
    working: 'कृपया प्रतीक्षा करें…',
    failed: 'भुगतान विफल हुआ। फिर से भुगतान करें, या बंद करें।',
    error: 'परीक्षण गेटवे ने जवाब नहीं दिया। फिर से कोशिश करें।',
  },
  ar: {
    title: 'دفع تجريبي',
    amount: '{amount} إلى {name}',
    note: 'بوابة الاختبار في المتجر تحل محل Razorpay: لا تنتقل أي أموال. اختر ما تفعله هذه الدفعة.',
    pay: 'ادفع',
    fail: 'أفشِل الدفع',
    close: 'إغلاق',
    working: 'يرجى الانتظار…',
    failed: 'فشل الدفع. ادفع مرة أخرى أو أغلق.',
    error: 'لم تُجب بوابة الاختبار. حاول مرة أخرى.',
  },
} as const;

/**
 * The script's text. Plain ES2017 with no dependencies: it runs in the shopper's browser, loaded under the
 * storefront's nonce CSP by a nonce-carrying script ('strict-dynamic'); its styles are style attributes, which the
 * CSP's style-src allows. Built once per process.
 */
export function loopbackCheckoutScript(): string {
  return `/* Kaarigar: the loopback test gateway's stand-in for Razorpay's checkout.js (decision 061). Never served in production. */
(function () {
  'use strict';
  var TEXTS = ${JSON.stringify(TEXTS)};
  var PAY = ${JSON.stringify(LOOPBACK_PAY_PATH)};
  var FAIL = ${JSON.stringify(LOOPBACK_FAIL_PATH)};
  var counter = 0;

  function language() {
    var lang = (document.documentElement.getAttribute('lang') || 'en').slice(0, 2).toLowerCase();
    return Object.prototype.hasOwnProperty.call(TEXTS, lang) ? lang : 'en';
  }
  function fill(text, values) {
    return text.replace(/\\{(\\w+)\\}/g, function (_, key) { return values[key] == null ? '' : String(values[key]); });
  }
  function money(amount, currency) {
    try { return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(amount / 100); }
    catch (e) { return (amount / 100).toFixed(2) + ' ' + currency; }
  }
  function post(path, body) {
    return fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) { return response.json().then(function (data) { if (!response.ok) throw data; return data; }); });
  }
  function element(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.style.cssText = style;
    if (text != null) node.textContent = text;
    return node;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options.key !== 'string' || typeof options.order_id !== 'string') throw new Error('Razorpay: key and order_id are required');
    this.options = options;
    this._listeners = {};
    this._dialog = null;
  }
  Razorpay.prototype.on = function (event, callback) {
    (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };
  Razorpay.prototype._emit = function (event, value) {
    (this._listeners[event] || []).forEach(function (callback) {
      try { callback(value); } catch (error) { setTimeout(function () { throw error; }); }
    });
  };
  Razorpay.prototype.close = function () {
    var dialog = this._dialog;
    this._dialog = null;
    if (dialog) { if (dialog.open) dialog.close(); dialog.remove(); }
  };
  Razorpay.prototype._dismiss = function () {
    this.close();
    var modal = this.options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };
  Razorpay.prototype.open = function () {
    if (this._dialog) return;
    var self = this;
    var options = this.options;
    var t = TEXTS[language()];
    var id = 'rzp-loopback-' + (++counter);
    var dialog = element('dialog', 'max-width:26rem;width:calc(100% - 2rem);border:1px solid #8a8a8a;border-radius:12px;padding:24px;color:#1f1f1f;background:#fff;font:inherit;');
    dialog.setAttribute('aria-labelledby', id + '-title');
    dialog.setAttribute('aria-describedby', id + '-note');
    dialog.setAttribute('data-loopback-checkout', '');
    var title = element('h2', 'margin:0 0 8px;font-size:1.25rem;font-weight:600;', t.title);
    title.id = id + '-title';
    var amount = element('p', 'margin:0 0 8px;font-size:1.125rem;font-weight:600;', fill(t.amount, { amount: money(options.amount, options.currency), name: options.name || '' }));
    amount.setAttribute('dir', 'auto');
    var note = element('p', 'margin:0 0 12px;font-size:0.9rem;color:#4a4a4a;', t.note);
    note.id = id + '-note';
    var status = element('p', 'margin:0 0 12px;min-height:1.25rem;font-size:0.9rem;color:#a3261b;');
    status.setAttribute('role', 'status');
    var row = element('div', 'display:flex;flex-wrap:wrap;gap:8px;');
    var button = 'min-height:44px;min-width:44px;padding:0 18px;border-radius:999px;font:inherit;font-weight:600;cursor:pointer;';
    var pay = element('button', button + 'background:#7a2e12;color:#fff;border:1px solid #7a2e12;', t.pay);
    var fail = element('button', button + 'background:#fff;color:#1f1f1f;border:1px solid #5c5c5c;', t.fail);
    var close = element('button', button + 'background:#fff;color:#1f1f1f;border:1px solid #5c5c5c;', t.close);
    [pay, fail, close].forEach(function (b) { b.type = 'button'; row.appendChild(b); });
    [title, amount, note, status, row].forEach(function (part) { dialog.appendChild(part); });

    function busy(on) {
      pay.disabled = fail.disabled = on;
      dialog.setAttribute('aria-busy', on ? 'true' : 'false');
      if (on) status.textContent = t.working;
    }
    var body = { key: options.key, order_id: options.order_id };
    pay.addEventListener('click', function () {
      busy(true);
      post(PAY, body).then(function (result) {
        self.close();
        if (typeof options.handler === 'function') options.handler(result);
      }, function () { busy(false); status.textContent = t.error; });
    });
    fail.addEventListener('click', function () {
      busy(true);
      post(FAIL, body).then(function (result) {
        self._emit('payment.failed', result);
        // Razorpay keeps its modal open for another try unless retry is off; then it closes and ondismiss follows.
        if (options.retry && options.retry.enabled === false) { self._dismiss(); return; }
        busy(false);
        status.textContent = t.failed;
        pay.focus();
      }, function () { busy(false); status.textContent = t.error; });
    });
    close.addEventListener('click', function () { self._dismiss(); });
    // Escape closes it, as Razorpay's modal.escape does by default.
    dialog.addEventListener('cancel', function (event) { event.preventDefault(); self._dismiss(); });
    document.body.appendChild(dialog);
    this._dialog = dialog;
    dialog.showModal();
    pay.focus();
  };
  window.Razorpay = Razorpay;
})();
`;
}
