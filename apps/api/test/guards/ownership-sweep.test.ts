import { randomUUID } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import {
  addresses,
  couponRedemptions,
  customisationUploads,
  invoices,
  messagePreferences,
  orderLineCustomisations,
  orderLines,
  orderProofs,
  orders,
  orderStatusHistory,
  productReviews,
  products,
  siteSettings,
  user,
  wishlistItems,
} from '@shop/db';
import { DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, anotherApp, freshEmail, freshIp, post } from '../auth/auth-helpers.ts';
import { jpegFile, multipart, phonePhoto } from '../customisation/customisation-helpers.ts';
import { engines, openTestDatabase, type TestContext, withApp } from '../helpers.ts';
import { setTaxIdentity, taxedProduct } from '../invoices/invoice-helpers.ts';
import { call, coupon, customer, makeStaff, roomyLimits } from '../orders/order-helpers.ts';

/**
 * The server decides ownership and roles, across the whole API (decision 149). The route table is the app's own: an
 * onRoute hook on the root instance, added the moment Fastify creates it, sees every route any plugin registers, so
 * a route added tomorrow is in this sweep without anyone editing it. Every route must be in exactly one class:
 *
 * - public: an explicit allow-list below, each entry saying why no sign-in is needed;
 * - customer (signed in): a case below that calls it with customer A's things as customer B, a staff member and a
 *   signed-out caller. A's thing addressed by its id answers B 404 (never 403, 200 or 500), exactly like an id that
 *   does not exist; routes without such an id serve only the caller's own and show nothing of A's; A's things read the
 *   same afterwards, through the API and in the database;
 * - back office: every /api/admin route (and the staff-only dev route) answers 401 `not_signed_in` signed out and 403
 *   `forbidden` to a customer, for every method; the admin-only ones (README: staff accounts, site settings, delivery,
 *   audit log) answer 403 to staff. (test/admin/role-matrix.test.ts checks that staff and admins do get in.)
 *
 * A route in no class fails the first test; so does an entry here that matches no route.
 */

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface RegisteredRoute {
  method: Method;
  url: string;
  adminRole?: 'staff' | 'admin';
}

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * Builds the app while listening on Fastify's `fastify.initialization` diagnostics channel, which is published when
 * an instance is created and before any plugin registers: an onRoute hook added there on the root sees every route of
 * every encapsulated plugin (the guards' own tables cover only their prefixes).
 */
async function buildWithRouteTable(build: () => Promise<FastifyInstance>): Promise<{ app: FastifyInstance; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const creation = channel('fastify.initialization');
  let root: FastifyInstance | undefined;
  const listen = (message: unknown) => {
    // Only the app's own instance: anything else created while it builds is not the API.
    if (root) return;
    root = (message as { fastify: FastifyInstance }).fastify;
    root.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method: method as Method, url: route.url, adminRole: route.config?.adminRole });
    });
  };
  creation.subscribe(listen);
  try {
    return { app: await build(), routes };
  } finally {
    creation.unsubscribe(listen);
  }
}

/**
 * Routes anyone may call signed out, and why that is safe. Keep each reason honest: a route that serves one person's
 * things belongs in the customer cases, not here.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  // The API's own description and operations endpoints: nothing personal.
  'GET /api/docs': 'OpenAPI viewer',
  'GET /api/docs/static/index.html': 'OpenAPI viewer',
  'GET /api/docs/static/swagger-initializer.js': 'OpenAPI viewer',
  'GET /api/docs/static/*': 'OpenAPI viewer assets',
  'GET /api/docs/json': 'the OpenAPI document',
  'GET /api/docs/yaml': 'the OpenAPI document',
  'GET /metrics': 'Prometheus metrics; behind METRICS_TOKEN (a bearer) when it is set',
  'GET /api/health': 'health probe',
  'GET /api/health/live': 'liveness probe',
  'GET /api/health/ready': 'readiness probe',
  // Identity itself: signing up, in and out. better-auth scopes its own endpoints to the session; its admin
  // endpoints answer 404 (decision 032).
  'GET /api/auth/*': 'better-auth (sign-in, session, token, JWKS)',
  'POST /api/auth/*': 'better-auth (sign-up, sign-in, OTP, links)',
  'GET /api/sign-in-methods': 'which sign-in methods the shop offers',
  // The catalogue and the shop's face: the same answer for everyone (cached publicly).
  'GET /api/media/*': 'catalogue pictures',
  'GET /api/headers': 'site settings for the page head',
  'GET /api/categories': 'catalogue',
  'GET /api/categories/featured': 'catalogue',
  'GET /api/subcategories': 'catalogue',
  'GET /api/category/:slug': 'catalogue',
  'GET /api/category/:slug/page': 'catalogue',
  'GET /api/brands': 'catalogue',
  'GET /api/sliders': 'catalogue',
  'GET /api/products': 'catalogue',
  'GET /api/products/featured': 'catalogue',
  'GET /api/products/flash-sale': 'catalogue',
  'GET /api/products/best-selling': 'catalogue',
  'GET /api/products/uniques': 'catalogue',
  'GET /api/products/new-arrivals': 'catalogue',
  'GET /api/products/on-selling': 'catalogue',
  'GET /api/products_top_seller': 'catalogue',
  'GET /api/products_best_seller': 'catalogue',
  'GET /api/products/search': 'catalogue',
  'POST /api/products/cart': "refreshes a browser's cart from product ids (spec §7)",
  'GET /api/product/:slug': 'catalogue',
  'GET /api/related-products': 'catalogue',
  'GET /api/reviews': "a product's published reviews",
  'GET /api/feedbacks': 'approved feedback',
  'GET /api/checkout/cod-terms': "the shop's cash-on-delivery terms",
  'GET /api/checkout/gift-terms': "the shop's gift options",
  'GET /api/delivery/estimate': 'delivery promise for a pincode',
  'POST /api/delivery/estimate': "delivery promise for a cart's lines",
  // Messages from anyone (rate-limited per address), stored for the shop.
  'POST /api/log': 'client render errors',
  'POST /api/report': 'contact and complaint form',
  'POST /api/feedbacks': 'feedback form',
  'POST /api/subscribe/newsletter': 'newsletter sign-up (double opt-in)',
  'POST /api/stock-alerts': 'back-in-stock request; tells no one who else waits',
  // The holder of a secret the shop sent: the secret is the proof (tested for tracking below).
  'POST /api/subscribe/newsletter/confirm': 'mailed token',
  'POST /api/subscribe/newsletter/unsubscribe': 'mailed token',
  'POST /api/messages/unsubscribe': 'mailed token',
  'POST /api/orders/cod-confirmation': "the SMS link's single-use token",
  'POST /api/order/track': "an order's number AND the mobile number on it",
  // Providers' webhooks: signed (Razorpay) or carrying the panel's token (Shiprocket), checked first.
  'POST /api/payments/razorpay/webhook': 'HMAC signature over the raw body',
  'POST /api/shipping/shiprocket/webhook': 'x-api-key',
  'POST /api/shipping/tracking/webhook': 'x-api-key',
  // Test doubles, registered only while no provider credentials are set (refused in production).
  'GET /api/payments/loopback/checkout.js': 'loopback gateway',
  'POST /api/payments/loopback/pay': 'loopback gateway: key id and provider order id',
  'POST /api/payments/loopback/fail': 'loopback gateway: key id and provider order id',
  'GET /api/dev/shiprocket/v1/external/*': "loopback carrier: Shiprocket's login and bearer token",
  'POST /api/dev/shiprocket/v1/external/*': "loopback carrier: Shiprocket's login and bearer token",
  // Decision 055: the dev transport's messages (sign-in codes included) while no mail or SMS gateway is set; 404 once
  // one is. A shop run without a gateway exposes every code here: see the report of decision 149.
  'GET /api/dev/outbox': 'dev transport only',
};

/** Back-office routes outside /api/admin (the admin guard's prefix), each checked with requireRole in its own onRequest. */
const BACK_OFFICE_OUTSIDE_ADMIN: Record<string, 'staff' | 'admin'> = { 'POST /api/dev/shipping/loopback/journey': 'staff' };

/**
 * README: "Admins also manage staff accounts, site settings (…), delivery (…, the courier's pincode file) and read the
 * audit log … Staff see everything but those." Refunds are staff's (decision 063), so they are not here.
 */
const ADMIN_ONLY_ROUTES = [
  'GET /api/admin/staff',
  'POST /api/admin/staff',
  'PUT /api/admin/staff/:id/role',
  'GET /api/admin/settings',
  'PUT /api/admin/settings',
  'POST /api/admin/settings/logo',
  'GET /api/admin/settings/tax',
  'PUT /api/admin/settings/tax',
  'POST /api/admin/delivery/serviceability',
  'GET /api/admin/audit',
];

const isBackOffice = (key: string) => key.split(' ')[1]!.startsWith('/api/admin/') || key in BACK_OFFICE_OUTSIDE_ADMIN;

/** What customer A owns, made through the API in beforeAll. */
interface AshaThings {
  userId: string;
  mobile: string;
  addressId: string;
  /** COD, personalised (photo sent), waiting for its SMS-code confirmation, with a gift message, a coupon and a proof. */
  giftOrder: { id: string; number: string };
  /** COD, shipped and delivered: its GST invoice, and A's review of its product. */
  deliveredOrder: { id: string; number: string };
  /** Prepaid, placed and not paid yet. */
  prepaidOrder: { id: string; number: string };
  plateId: string;
  lampId: string;
  usedUpload: string;
  spareUpload: string;
  proofId: string;
  documentId: string;
  reviewId: string;
  couponCode: string;
  idempotencyKey: string;
  giftMessage: string;
}

/** B's own order of the personalised plate, for the cases that mix B's ids with A's. */
interface BelaThings {
  orderId: string;
}

interface Probe {
  method: Exclude<Method, 'HEAD' | 'PATCH'>;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart body (text fields, then photos under `files`). */
  form?: { fields: Record<string, string>; photos: Buffer[] };
}

interface Expect {
  status: number;
  code?: string;
  /** A field refusal: [field, code] in `errors`. */
  field?: [string, string];
}

interface CustomerCase {
  route: string;
  what: string;
  probe: (a: AshaThings, b: BelaThings) => Probe;
  /** What another signed-in customer gets. */
  other: Expect;
  /** Only for A's id: a staff member calling the customer route gets the same 404, or this (photos staff may see). */
  staff?: Expect | 'same';
}

const notFound = (code: string): Expect => ({ status: 404, code });
const lines = (productId: string) => [{ productId, quantity: 1, variantId: null }];

/**
 * Every signed-in customer route, called with A's things. Cases with `staff` address one of A's things by id; the
 * others serve only the caller's own.
 */
const CUSTOMER_CASES: CustomerCase[] = [
  // Orders.
  {
    route: 'GET /api/user/order/:id',
    what: "read A's order",
    probe: (a) => ({ method: 'GET', url: `/api/user/order/${a.giftOrder.id}` }),
    other: notFound('order_not_found'),
    staff: 'same',
  },
  {
    route: 'POST /api/user/order/:id/cancel',
    what: "cancel A's order",
    probe: (a) => ({ method: 'POST', url: `/api/user/order/${a.giftOrder.id}/cancel`, body: {} }),
    other: notFound('order_not_found'),
    staff: 'same',
  },
  {
    route: 'POST /api/user/order/:id/cod-confirmation',
    what: "confirm A's COD order with a code",
    probe: (a) => ({ method: 'POST', url: `/api/user/order/${a.giftOrder.id}/cod-confirmation`, body: { code: '123456' } }),
    other: notFound('order_not_found'),
    staff: 'same',
  },
  {
    route: 'POST /api/user/order/:id/payment/verify',
    what: "verify a payment for A's prepaid order",
    probe: (a) => ({
      method: 'POST',
      url: `/api/user/order/${a.prepaidOrder.id}/payment/verify`,
      body: { razorpay_payment_id: 'pay_Forged000001', razorpay_order_id: 'order_Forged000001', razorpay_signature: 'a'.repeat(64) },
    }),
    other: notFound('order_not_found'),
    staff: 'same',
  },
  {
    route: 'POST /api/user/order/:id/payment/cash-on-delivery',
    what: "switch A's prepaid order to cash on delivery",
    probe: (a) => ({ method: 'POST', url: `/api/user/order/${a.prepaidOrder.id}/payment/cash-on-delivery`, body: {} }),
    other: notFound('order_not_found'),
    staff: 'same',
  },
  {
    route: 'POST /api/user/order',
    what: "place an order to A's saved address",
    probe: (a) => ({ method: 'POST', url: '/api/user/order', body: { items: lines(a.lampId), addressId: a.addressId, paymentMethod: 'cod' } }),
    other: { status: 404, code: 'address_not_found', field: ['addressId', 'address_not_found'] },
    staff: 'same',
  },
  {
    route: 'POST /api/user/order',
    what: "place an order with A's Idempotency-Key (to B's own address): a new order, never A's replayed",
    probe: (a) => ({
      method: 'POST',
      url: '/api/user/order',
      headers: { 'idempotency-key': a.idempotencyKey },
      body: { items: lines(a.lampId), addressId: '{own-address}', paymentMethod: 'cod' },
    }),
    other: { status: 201 },
  },
  { route: 'GET /api/user/orders', what: 'list my orders', probe: () => ({ method: 'GET', url: '/api/user/orders?limit=50' }), other: { status: 200 } },
  { route: 'GET /api/orders-count', what: 'count my orders', probe: () => ({ method: 'GET', url: '/api/orders-count' }), other: { status: 200 } },
  // Invoices and credit notes.
  {
    route: 'GET /api/user/order/:id/invoices',
    what: "list A's invoices",
    probe: (a) => ({ method: 'GET', url: `/api/user/order/${a.deliveredOrder.id}/invoices` }),
    other: notFound('order_not_found'),
    staff: 'same',
  },
  {
    route: 'GET /api/user/order/:id/invoices/:documentId/pdf',
    what: "download A's invoice",
    probe: (a) => ({ method: 'GET', url: `/api/user/order/${a.deliveredOrder.id}/invoices/${a.documentId}/pdf` }),
    other: notFound('order_not_found'),
    staff: 'same',
  },
  {
    route: 'GET /api/user/order/:id/invoices/:documentId/pdf',
    what: "download A's invoice through B's own order",
    probe: (a, b) => ({ method: 'GET', url: `/api/user/order/${b.orderId}/invoices/${a.documentId}/pdf` }),
    other: notFound('invoice_not_found'),
  },
  // Personalisation: uploads and submissions.
  {
    route: 'GET /api/user/uploads/:id/:size',
    what: "see A's photo",
    probe: (a) => ({ method: 'GET', url: `/api/user/uploads/${a.usedUpload}/display` }),
    other: notFound('upload_not_found'),
    // The shop's staff see every customer's photos (decision 023).
    staff: { status: 200 },
  },
  {
    route: 'POST /api/user/order/customised-uploads',
    what: "upload photos against A's order line",
    probe: (a, _b) => ({
      method: 'POST',
      url: '/api/user/order/customised-uploads',
      form: { fields: { orderId: a.giftOrder.id, productId: a.plateId }, photos: [] },
    }),
    other: { status: 404, code: 'customisation_order_not_found', field: ['orderId', 'customisation_order_not_found'] },
    staff: 'same',
  },
  {
    route: 'POST /api/user/order/customised-uploads',
    what: 'upload my own photos (no order named)',
    probe: () => ({ method: 'POST', url: '/api/user/order/customised-uploads', form: { fields: {}, photos: [] } }),
    other: { status: 201 },
  },
  {
    route: 'POST /api/user/order/customized-add',
    what: "send personalisation for A's order",
    probe: (a) => ({
      method: 'POST',
      url: '/api/user/order/customized-add',
      body: { orderId: a.giftOrder.id, productId: a.plateId, customisation: [{ text: 'Taken over', images: [a.spareUpload] }] },
    }),
    other: { status: 404, code: 'customisation_order_not_found', field: ['orderId', 'customisation_order_not_found'] },
    staff: 'same',
  },
  {
    // A photo id sits in the body among others, so it is refused per unit (400 `image_not_found`), exactly as an id
    // that never existed is; A's photo stays unattached (the snapshot).
    route: 'POST /api/user/order/customized-add',
    what: "attach A's photo to B's own order",
    probe: (a, b) => ({
      method: 'POST',
      url: '/api/user/order/customized-add',
      body: { orderId: b.orderId, productId: a.plateId, customisation: [{ text: 'Mine now', images: [a.spareUpload] }] },
    }),
    other: { status: 400, field: ['customisation.0.images', 'image_not_found'] },
  },
  // Gift proofs.
  {
    route: 'POST /api/user/order/:id/proofs/:proofId/answer',
    what: "approve A's proof",
    probe: (a) => ({ method: 'POST', url: `/api/user/order/${a.giftOrder.id}/proofs/${a.proofId}/answer`, body: { decision: 'approve' } }),
    other: notFound('proof_not_found'),
    staff: 'same',
  },
  {
    route: 'POST /api/user/order/:id/proofs/:proofId/answer',
    what: "approve A's proof through B's own order",
    probe: (a, b) => ({ method: 'POST', url: `/api/user/order/${b.orderId}/proofs/${a.proofId}/answer`, body: { decision: 'approve' } }),
    other: notFound('proof_not_found'),
  },
  {
    route: 'GET /api/order-proofs/:proofId/:size',
    what: "see A's proof image",
    probe: (a) => ({ method: 'GET', url: `/api/order-proofs/${a.proofId}/display` }),
    other: notFound('proof_not_found'),
    // Staff made the proof; they see it (decision 023's rule for photos).
    staff: { status: 200 },
  },
  // Addresses.
  {
    route: 'PUT /api/user/addresses/:id',
    what: "overwrite A's address",
    probe: (a) => ({
      method: 'PUT',
      url: `/api/user/addresses/${a.addressId}`,
      body: { name: 'Intruder', mobile: '9123456780', line1: '1 Elsewhere', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
    }),
    other: notFound('address_not_found'),
    staff: 'same',
  },
  {
    route: 'DELETE /api/user/addresses/:id',
    what: "delete A's address",
    probe: (a) => ({ method: 'DELETE', url: `/api/user/addresses/${a.addressId}` }),
    other: notFound('address_not_found'),
    staff: 'same',
  },
  {
    route: 'POST /api/user/addresses/:id/default',
    what: "make A's address a default",
    probe: (a) => ({ method: 'POST', url: `/api/user/addresses/${a.addressId}/default`, body: {} }),
    other: notFound('address_not_found'),
    staff: 'same',
  },
  { route: 'GET /api/user/addresses', what: 'list my addresses', probe: () => ({ method: 'GET', url: '/api/user/addresses' }), other: { status: 200 } },
  {
    route: 'POST /api/user/addresses',
    what: 'save an address of my own',
    probe: () => ({
      method: 'POST',
      url: '/api/user/addresses',
      body: { name: 'Bela Rao', mobile: '9123456781', line1: '3 Brigade Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    }),
    other: { status: 201 },
  },
  // Reviews.
  {
    route: 'PUT /api/user/review/:id',
    what: "edit A's review",
    probe: (a) => ({ method: 'PUT', url: `/api/user/review/${a.reviewId}`, body: { rating: 1, title: 'Changed', text: 'Not what A wrote' } }),
    other: notFound('review_not_found'),
    staff: 'same',
  },
  {
    route: 'DELETE /api/user/review/:id',
    what: "delete A's review",
    probe: (a) => ({ method: 'DELETE', url: `/api/user/review/${a.reviewId}` }),
    other: notFound('review_not_found'),
    staff: 'same',
  },
  {
    route: 'GET /api/user/review',
    what: 'my review of the product A reviewed: none, and I may not write one',
    probe: (a) => ({ method: 'GET', url: `/api/user/review?product=${a.lampId}` }),
    other: { status: 200 },
  },
  {
    route: 'POST /api/user/review',
    what: 'review the product only A received (the server decides who bought it)',
    probe: (a) => ({ method: 'POST', url: '/api/user/review', body: { product: a.lampId, rating: 5, title: 'Great', text: 'I never bought it' } }),
    other: { status: 403, code: 'review_not_buyer' },
  },
  // Coupons: uses are counted per caller, never per code alone.
  {
    route: 'POST /api/user/coupon',
    what: 'check the once-per-customer coupon A used: still mine to use',
    probe: (a) => ({ method: 'POST', url: '/api/user/coupon', body: { code: a.couponCode, items: lines(a.lampId) } }),
    other: { status: 200 },
  },
  // The profile, message preferences and the wishlist: the caller's own, no id to name someone else's.
  { route: 'POST /api/user', what: 'my profile', probe: () => ({ method: 'POST', url: '/api/user', body: {} }), other: { status: 200 } },
  {
    route: 'GET /api/user/message-preferences',
    what: 'my message preferences',
    probe: () => ({ method: 'GET', url: '/api/user/message-preferences' }),
    other: { status: 200 },
  },
  {
    route: 'PUT /api/user/message-preferences',
    what: 'save my message preferences',
    probe: () => ({ method: 'PUT', url: '/api/user/message-preferences', body: { orderUpdates: ['email'], marketing: ['email'], language: 'ar' } }),
    other: { status: 200 },
  },
  { route: 'GET /api/user/wishlist', what: 'my wishlist', probe: () => ({ method: 'GET', url: '/api/user/wishlist' }), other: { status: 200 } },
  { route: 'GET /api/user/wishlist/ids', what: 'my wishlist ids', probe: () => ({ method: 'GET', url: '/api/user/wishlist/ids' }), other: { status: 200 } },
  {
    route: 'DELETE /api/user/wishlist/:productId',
    what: "take the product on A's wishlist off mine",
    probe: (a) => ({ method: 'DELETE', url: `/api/user/wishlist/${a.plateId}` }),
    other: { status: 204 },
  },
  {
    route: 'PUT /api/user/wishlist/:productId',
    what: "put the product on A's wishlist on mine",
    probe: (a) => ({ method: 'PUT', url: `/api/user/wishlist/${a.plateId}` }),
    other: { status: 200 },
  },
  {
    route: 'POST /api/user/wishlist/merge',
    what: "merge the product on A's wishlist into mine",
    probe: (a) => ({ method: 'POST', url: '/api/user/wishlist/merge', body: { productIds: [a.plateId] } }),
    other: { status: 200 },
  },
];

/** Who calls: a session cookie, or an access token (the two ways in), or no one. */
interface Caller {
  cookie?: string;
  bearer?: string;
}

/** A route's path with a well-formed id that matches nothing in place of each parameter (and of a wildcard). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, 'nothing-here');

function refusalOf(response: LightMyRequestResponse): { code?: string; message?: string; errors?: Record<string, { code?: string }> } | undefined {
  if (!String(response.headers['content-type'] ?? '').includes('json')) return undefined;
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

/** Null when the answer is what was expected, else what came instead. */
function mismatch(response: LightMyRequestResponse, want: Expect): string | null {
  const body = refusalOf(response);
  const got = `${response.statusCode} ${body?.code ?? ''}${want.field ? ` ${JSON.stringify(body?.errors ?? {})}` : ''}`.trim();
  if (response.statusCode !== want.status) return got;
  if (want.status >= 400 && (typeof body?.message !== 'string' || body.message === '')) return `${got} (no message)`;
  if (want.code && body?.code !== want.code) return got;
  if (want.field && body?.errors?.[want.field[0]]?.code !== want.field[1]) return got;
  return null;
}

describe.each(engines)('the server decides ownership and roles on every route (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let routes: RegisteredRoute[];
  let asha: Awaited<ReturnType<typeof customer>>;
  let bela: Awaited<ReturnType<typeof customer>>;
  let staffer: Awaited<ReturnType<typeof customer>>;
  let admin: Awaited<ReturnType<typeof customer>>;
  let belaBearer: string;
  let a: AshaThings;
  let b: BelaThings;
  let photo: Buffer;
  let ashaBefore: unknown;

  function send(who: Caller | undefined, probe: Probe, ownAddress?: string) {
    const headers: Record<string, string> = { ...probe.headers };
    if (who?.cookie) headers.cookie = who.cookie;
    if (who?.bearer) headers.authorization = `Bearer ${who.bearer}`;
    let payload: string | Buffer | undefined;
    if (probe.form) {
      const form = multipart(
        probe.form.fields,
        (probe.form.photos.length ? probe.form.photos : [photo]).map((body) => jpegFile(body)),
      );
      headers['content-type'] = form.contentType;
      payload = form.body;
    } else if (probe.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(probe.body).replace('"{own-address}"', JSON.stringify(ownAddress ?? randomUUID()));
    }
    return app.inject({ method: probe.method, url: probe.url, remoteAddress: freshIp(), headers, ...(payload !== undefined ? { payload } : {}) });
  }

  /** Everything of A's that B might reach: what A reads through the API, and A's rows in the database. */
  async function ashaSnapshot() {
    const reads = [
      '/api/user/orders?limit=50',
      '/api/orders-count',
      '/api/user/addresses',
      `/api/user/order/${a.giftOrder.id}`,
      `/api/user/order/${a.deliveredOrder.id}`,
      `/api/user/order/${a.prepaidOrder.id}`,
      `/api/user/order/${a.deliveredOrder.id}/invoices`,
      `/api/user/review?product=${a.lampId}`,
      '/api/user/wishlist/ids',
      '/api/user/message-preferences',
    ];
    const api: Record<string, unknown> = {};
    for (const url of reads) {
      const response = await call(app, 'GET', url, asha);
      api[url] = [response.statusCode, response.json()];
    }
    for (const url of [`/api/user/uploads/${a.usedUpload}/display`, `/api/order-proofs/${a.proofId}/display`]) {
      api[url] = (await call(app, 'GET', url, asha)).statusCode;
    }
    const db = ctx.handle.db;
    const orderIds = [a.giftOrder.id, a.deliveredOrder.id, a.prepaidOrder.id];
    const lineIds = (await db.select({ id: orderLines.id }).from(orderLines).where(inArray(orderLines.orderId, orderIds))).map((row) => row.id);
    const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
    return {
      api,
      user: sorted(await db.select().from(user).where(eq(user.id, a.userId))),
      orders: sorted(await db.select().from(orders).where(eq(orders.userId, a.userId))),
      orderLines: sorted(await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds))),
      history: sorted(await db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, orderIds))),
      customisations: sorted(await db.select().from(orderLineCustomisations).where(inArray(orderLineCustomisations.lineId, lineIds))),
      uploads: sorted(await db.select().from(customisationUploads).where(eq(customisationUploads.userId, a.userId))),
      proofs: sorted(await db.select().from(orderProofs).where(inArray(orderProofs.orderId, orderIds))),
      invoices: sorted(await db.select().from(invoices).where(inArray(invoices.orderId, orderIds))),
      addresses: sorted(await db.select().from(addresses).where(eq(addresses.userId, a.userId))),
      reviews: sorted(await db.select().from(productReviews).where(eq(productReviews.userId, a.userId))),
      coupons: sorted(await db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, a.userId))),
      wishlist: sorted(await db.select().from(wishlistItems).where(eq(wishlistItems.userId, a.userId))),
      preferences: sorted(await db.select().from(messagePreferences).where(eq(messagePreferences.userId, a.userId))),
    };
  }

  /** Strings only A's own answers may hold: A's ids, order numbers, mobile number and gift message. */
  const ashaSecrets = () =>
    [
      a.userId,
      a.mobile,
      a.addressId,
      a.giftOrder.id,
      a.giftOrder.number,
      a.deliveredOrder.id,
      a.deliveredOrder.number,
      a.prepaidOrder.id,
      a.prepaidOrder.number,
      a.usedUpload,
      a.spareUpload,
      a.proofId,
      a.documentId,
      a.reviewId,
      a.giftMessage,
    ].map((secret) => secret.toLowerCase());

  beforeAll(async () => {
    const database = await openTestDatabase(engine, { fixtures: true });
    let built: RegisteredRoute[] = [];
    ctx = await withApp(database, async () => {
      const { app: made, routes: table } = await buildWithRouteTable(() => anotherApp(database, roomyLimits));
      built = table;
      return made;
    });
    app = ctx.app;
    routes = built;
    photo = await phonePhoto();

    [asha, bela, staffer, admin] = [await customer(ctx), await customer(ctx), await customer(ctx), await customer(ctx)];
    await makeStaff(ctx, staffer.userId, 'staff');
    await makeStaff(ctx, admin.userId, 'admin');
    belaBearer = await accessToken(app, bela.cookie);
    await setTaxIdentity(ctx);

    const ok = async (response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200) => {
      const answer = await response;
      if (answer.statusCode !== status) throw new Error(`setting up: ${answer.statusCode} ${answer.body}`);
      return answer.json();
    };
    const move = (id: string, status: string, extra: Record<string, unknown> = {}) =>
      ok(call(app, 'POST', `/api/admin/orders/${id}/status`, staffer, { status, ...extra }));

    // The catalogue: a personalised name plate that takes a proof, and a taxed lamp.
    const plate = await taxedProduct(ctx, { price: 99_900, gstRate: 1800, hsnCode: '4421', name: 'Brass name plate' });
    await ctx.handle.db.update(products).set({ needsProof: true, customizationType: 'both', mediaLimit: 1 }).where(eq(products.id, plate.id));
    const lamp = await taxedProduct(ctx, { price: 59_900, gstRate: 1200, hsnCode: '9405', name: 'Moon lamp' });
    const once = await coupon(ctx, { type: 'percent', value: 10, maxUsesPerCustomer: 1 });

    // A's photos: one sent with the gift order, one kept spare.
    const [usedUpload, spareUpload] = (await ok(
      send(asha, { method: 'POST', url: '/api/user/order/customised-uploads', form: { fields: {}, photos: [photo, photo] } }),
      201,
    )) as {
      id: string;
    }[];

    // The gift order waits for its SMS-code confirmation (so a wrong code from anyone else would count against it).
    await ctx.handle.db.update(siteSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, confirmation: 'sms_code' } });
    const giftMessage = `Happy birthday, Meera ${randomUUID().slice(0, 8)}`;
    const idempotencyKey = `asha-${randomUUID()}`;
    const giftOrder = await ok(
      call(
        app,
        'POST',
        '/api/user/order',
        asha,
        {
          items: lines(plate.id),
          addressId: asha.addressId,
          paymentMethod: 'cod',
          couponCode: once.code,
          gift: {
            recipientName: 'Meera Iyer',
            recipientPhone: '+91 91234 56789',
            message: giftMessage,
            wrap: false,
            occasion: 'birthday',
            occasionDate: '2099-12-31',
          },
        },
        { 'idempotency-key': idempotencyKey },
      ),
      201,
    );
    await ctx.handle.db.update(siteSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, confirmation: 'off' } });
    await ok(
      call(app, 'POST', '/api/user/order/customized-add', asha, {
        orderId: giftOrder._id,
        productId: plate.id,
        customisation: [{ text: 'Asha & Ravi', images: [usedUpload!.id] }],
      }),
    );
    const proofForm = multipart({ note: 'Serif font' }, [{ ...jpegFile(photo), name: 'file' }]);
    const proofs = await ok(
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${giftOrder._id}/proofs`,
        headers: { cookie: staffer.cookie, 'content-type': proofForm.contentType },
        payload: proofForm.body,
      }),
      201,
    );

    // The delivered order: shipped (its invoice is issued), delivered, reviewed.
    const deliveredOrder = await ok(
      call(app, 'POST', '/api/user/order', asha, { items: lines(lamp.id), addressId: asha.addressId, paymentMethod: 'cod' }),
      201,
    );
    await move(deliveredOrder._id, 'confirmed');
    await move(deliveredOrder._id, 'packed');
    await move(deliveredOrder._id, 'shipped', { tracking: { carrier: 'Delhivery', number: `DL${Date.now()}` } });
    await move(deliveredOrder._id, 'delivered');
    let documents: { _id: string }[] = [];
    for (let tries = 0; documents.length === 0 && tries < 50; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      documents = (await ok(call(app, 'GET', `/api/user/order/${deliveredOrder._id}/invoices`, asha))).documents;
    }
    if (!documents[0]) throw new Error('the delivered order has no invoice');
    // Its PDF is drawn and stored on the first download: A's own, before the snapshot.
    const pdf = await call(app, 'GET', `/api/user/order/${deliveredOrder._id}/invoices/${documents[0]._id}/pdf`, asha);
    if (pdf.statusCode !== 200) throw new Error(`invoice pdf: ${pdf.statusCode} ${pdf.body}`);
    const review = await ok(call(app, 'POST', '/api/user/review', asha, { product: lamp.id, rating: 5, title: 'Lovely', text: 'Glows warmly' }), 201);

    // The prepaid order, placed and not paid.
    const prepaidOrder = await ok(
      call(app, 'POST', '/api/user/order', asha, { items: lines(lamp.id), addressId: asha.addressId, paymentMethod: 'prepaid' }),
      201,
    );

    await ok(call(app, 'PUT', `/api/user/wishlist/${plate.id}`, asha));
    await ok(call(app, 'PUT', '/api/user/message-preferences', asha, { orderUpdates: ['sms'], marketing: [], language: 'hi' }));

    a = {
      userId: asha.userId,
      mobile: asha.mobile,
      addressId: asha.addressId,
      giftOrder: { id: giftOrder._id, number: giftOrder.number },
      deliveredOrder: { id: deliveredOrder._id, number: deliveredOrder.number },
      prepaidOrder: { id: prepaidOrder._id, number: prepaidOrder.number },
      plateId: plate.id,
      lampId: lamp.id,
      usedUpload: usedUpload!.id,
      spareUpload: spareUpload!.id,
      proofId: proofs.list[0]._id,
      documentId: documents[0]._id,
      reviewId: review._id,
      couponCode: once.code,
      idempotencyKey,
      giftMessage,
    };

    // B's own order of the plate, waiting for personalisation.
    const belaOrder = await ok(call(app, 'POST', '/api/user/order', bela, { items: lines(plate.id), addressId: bela.addressId, paymentMethod: 'cod' }), 201);
    b = { orderId: belaOrder._id };

    ashaBefore = await ashaSnapshot();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('classes every route: public (allow-listed), customer (a case below) or back office; none left over, none stale', () => {
    const customerRoutes = new Set(CUSTOMER_CASES.map((one) => one.route));
    const registered = new Set(routes.filter((route) => route.method !== 'HEAD').map(keyOf));
    const classes = (key: string) =>
      [key in PUBLIC_ROUTES && 'public', customerRoutes.has(key) && 'customer', isBackOffice(key) && 'back office'].filter(Boolean);

    expect(registered.size).toBeGreaterThan(150);
    const unclassed = [...registered].filter((key) => classes(key).length !== 1).map((key) => `${key}: ${classes(key).join(', ') || 'no class'}`);
    expect(unclassed, 'add the route to PUBLIC_ROUTES (with its reason) or CUSTOMER_CASES').toEqual([]);
    const stale = [...Object.keys(PUBLIC_ROUTES), ...customerRoutes, ...Object.keys(BACK_OFFICE_OUTSIDE_ADMIN), ...ADMIN_ONLY_ROUTES].filter(
      (key) => !registered.has(key),
    );
    expect(stale, 'entries that match no route').toEqual([]);
    // Every GET has its HEAD twin, answered by the same hooks (swept below with the GETs' classes).
    for (const route of routes.filter((one) => one.method === 'HEAD')) expect(registered.has(`GET ${route.url}`)).toBe(true);
  });

  it('documents every route in the OpenAPI document as what it is: public, customer, or the back-office role it needs', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const customerRoutes = new Set(CUSTOMER_CASES.map((one) => one.route));
    const signedIn = JSON.stringify([{ bearerAuth: [] }, { sessionCookie: [] }]);
    const failures: string[] = [];
    for (const route of routes.filter((one) => one.method !== 'HEAD')) {
      const key = keyOf(route);
      const expected = key in PUBLIC_ROUTES ? undefined : customerRoutes.has(key) ? 'customer' : (route.adminRole ?? BACK_OFFICE_OUTSIDE_ADMIN[key]);
      const operation = document.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) {
        // Only public plumbing is left out of the document (better-auth's endpoints are described one by one there).
        if (expected !== undefined) failures.push(`${key}: not in the document`);
        continue;
      }
      const role = operation['x-required-role'] as string | undefined;
      const security = JSON.stringify(operation.security ?? null);
      if (role !== expected || (security === signedIn) !== (expected !== undefined)) {
        failures.push(`${key}: documented as ${role ?? 'public'} (security ${security}), enforced as ${expected ?? 'public'}`);
      }
      if (expected && !operation.responses?.['401']) failures.push(`${key}: no 401 documented`);
      if ((expected === 'staff' || expected === 'admin') && !operation.responses?.['403']) failures.push(`${key}: no 403 documented`);
    }
    expect(failures).toEqual([]);
  });

  it('never marks a signed-in answer public: the shared response cache answers GETs before any sign-in check', async () => {
    const failures: string[] = [];
    const gets = [
      ...CUSTOMER_CASES.filter((one) => one.probe(a, b).method === 'GET').map((one) => ({ key: one.route, url: one.probe(a, b).url, who: asha })),
      ...routes
        .filter((route) => route.method === 'GET' && isBackOffice(keyOf(route)))
        .map((route) => ({ key: keyOf(route), url: concrete(route.url), who: admin })),
    ];
    for (const { key, url, who } of gets) {
      const response = await send(who, { method: 'GET', url });
      const cacheControl = String(response.headers['cache-control'] ?? '');
      if (response.statusCode === 200 && (cacheControl.includes('public') || !/no-store|private/.test(cacheControl))) {
        failures.push(`${key}: cache-control "${cacheControl}"`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every public route signed out without asking anyone to sign in, and without a server error', async () => {
    const failures: string[] = [];
    for (const key of Object.keys(PUBLIC_ROUTES)) {
      const [method, url] = key.split(' ') as [Exclude<Method, 'HEAD' | 'PATCH'>, string];
      const response = await send(undefined, { method, url: concrete(url), ...(method === 'GET' ? {} : { body: {} }) });
      const code = refusalOf(response)?.code;
      if (response.statusCode >= 500 || code === 'not_signed_in' || code === 'forbidden') failures.push(`${key}: ${response.statusCode} ${code ?? ''}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers every customer route, and its HEAD twin, 401 not_signed_in when called signed out with A's ids", async () => {
    const failures: string[] = [];
    for (const one of CUSTOMER_CASES) {
      const probe = one.probe(a, b);
      const response = await send(undefined, probe);
      const wrong = mismatch(response, { status: 401, code: 'not_signed_in' });
      if (wrong) failures.push(`${one.route} (${one.what}): ${wrong}`);
      if (probe.method === 'GET') {
        const head = await app.inject({ method: 'HEAD', url: probe.url, remoteAddress: freshIp() });
        if (head.statusCode !== 401) failures.push(`HEAD ${one.route}: ${head.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers another customer 404 for each of A's things, read or write, by cookie and by access token", async () => {
    const failures: string[] = [];
    for (const one of CUSTOMER_CASES.filter((each) => each.other.status === 404)) {
      for (const [how, who] of [
        ['cookie', { cookie: bela.cookie }],
        ['token', { bearer: belaBearer }],
      ] as const) {
        const wrong = mismatch(await send(who, one.probe(a, b)), one.other);
        if (wrong) failures.push(`${one.route} (${one.what}) by ${how}: ${wrong}, expected ${one.other.status} ${one.other.code ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses B's ids mixed with A's things as it refuses ids that do not exist", async () => {
    const failures: string[] = [];
    for (const one of CUSTOMER_CASES.filter((each) => each.other.status === 400)) {
      const response = await send(bela, one.probe(a, b));
      const wrong = mismatch(response, one.other);
      if (wrong) failures.push(`${one.route} (${one.what}): ${wrong}`);
      // The same answer for an id nobody has: nothing says the photo exists.
      const unknown = one.probe({ ...a, spareUpload: randomUUID() }, b);
      expect(response.body, `${one.route} (${one.what})`).toBe((await send(bela, unknown)).body);
    }
    expect(failures).toEqual([]);
  });

  it("treats a staff member on customer routes as a customer: A's things are 404, except the photos the shop may see", async () => {
    const failures: string[] = [];
    for (const one of CUSTOMER_CASES.filter((each) => each.staff !== undefined)) {
      const want = one.staff === 'same' ? one.other : (one.staff as Expect);
      const wrong = mismatch(await send(staffer, one.probe(a, b)), want);
      if (wrong) failures.push(`${one.route} (${one.what}) as staff: ${wrong}`);
    }
    expect(failures).toEqual([]);
  });

  it("serves B's own on the routes that name no one's thing, and shows B nothing of A's", async () => {
    const secrets = ashaSecrets();
    const failures: string[] = [];
    for (const one of CUSTOMER_CASES.filter((each) => each.staff === undefined)) {
      const response = await send(bela, one.probe(a, b), bela.addressId);
      const wrong = mismatch(response, one.other);
      if (wrong) failures.push(`${one.route} (${one.what}): ${wrong}`);
      const leaked = secrets.filter((secret) => response.body.toLowerCase().includes(secret));
      if (leaked.length) failures.push(`${one.route} (${one.what}) shows B: ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // The probes would have caught the opposite: A's own coupon use and review are A's.
    expect((await call(app, 'POST', '/api/user/coupon', asha, { code: a.couponCode, items: lines(a.lampId) })).json().code).toBe('coupon_used_by_you');
    expect((await call(app, 'GET', `/api/user/review?product=${a.lampId}`, asha)).json().review._id).toBe(a.reviewId);
    expect((await call(app, 'GET', `/api/user/review?product=${a.lampId}`, bela)).json()).toEqual({ review: null, canReview: false });
  });

  it('tracks an order publicly only with its number and the mobile number on it, signed in or not', async () => {
    const track = (who: Caller | undefined, mobile: string) =>
      send(who, { method: 'POST', url: '/api/order/track', body: { number: a.giftOrder.number, mobile } });
    for (const who of [undefined, { cookie: bela.cookie }]) {
      expect(mismatch(await track(who, bela.mobile), notFound('tracking_not_found'))).toBeNull();
    }
    const tracked = await track(undefined, a.mobile);
    expect(tracked.statusCode).toBe(200);
    // The tracking answer is public by design: it holds no address, no lines and no gift message.
    expect(tracked.body).not.toContain(a.giftMessage);
    expect(tracked.body).not.toContain(a.addressId);
  });

  it("leaves every one of A's things as it was", async () => {
    expect(await ashaSnapshot()).toEqual(ashaBefore);
  });

  it('answers every back-office route, every method, 401 not_signed_in signed out and 403 forbidden to a customer', async () => {
    const backOffice = routes.filter((route) => isBackOffice(keyOf({ method: route.method === 'HEAD' ? 'GET' : route.method, url: route.url })));
    expect(backOffice.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of backOffice) {
      const url = concrete(route.url);
      const body = route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE' ? undefined : {};
      const ask = (who: Caller | undefined) =>
        app.inject({
          method: route.method,
          url,
          remoteAddress: freshIp(),
          headers: {
            ...(who?.cookie ? { cookie: who.cookie } : {}),
            ...(who?.bearer ? { authorization: `Bearer ${who.bearer}` } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
      for (const [who, caller, want] of [
        ['signed out', undefined, { status: 401, code: 'not_signed_in' }],
        ['a customer', { cookie: bela.cookie }, { status: 403, code: 'forbidden' }],
        ["a customer's token", { bearer: belaBearer }, { status: 403, code: 'forbidden' }],
      ] as const) {
        const response = await ask(caller);
        const wrong = route.method === 'HEAD' ? (response.statusCode === want.status ? null : String(response.statusCode)) : mismatch(response, want);
        if (wrong) failures.push(`${keyOf(route)} as ${who}: ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps the admin-only routes from staff (403 forbidden) and lets admins in', async () => {
    const adminOnly = routes.filter((route) => route.adminRole === 'admin');
    expect(
      adminOnly
        .filter((route) => route.method !== 'HEAD')
        .map(keyOf)
        .sort(),
      'the admin-only routes are the README list',
    ).toEqual([...ADMIN_ONLY_ROUTES].sort());
    const failures: string[] = [];
    for (const route of adminOnly) {
      const url = concrete(route.url);
      const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : '{}';
      for (const [who, cookie] of [
        ['staff', staffer.cookie],
        ['admin', admin.cookie],
      ] as const) {
        const response = await app.inject({
          method: route.method,
          url,
          remoteAddress: freshIp(),
          headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { payload: body } : {}),
        });
        const code = refusalOf(response)?.code;
        if (who === 'staff') {
          const wrong =
            route.method === 'HEAD'
              ? response.statusCode === 403
                ? null
                : String(response.statusCode)
              : mismatch(response, { status: 403, code: 'forbidden' });
          if (wrong) failures.push(`${keyOf(route)} as staff: ${wrong}`);
        } else if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500) {
          failures.push(`${keyOf(route)} as admin: ${response.statusCode} ${code ?? ''}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('never takes a role from the client: sign-up and a profile update with role admin leave a customer', async () => {
    const roleOf = async (where: SQL) => (await ctx.handle.db.select({ role: user.role }).from(user).where(where))[0]?.role;
    const email = freshEmail();
    const signUp = await post(app, '/api/auth/sign-up/email', { email, password: 'correct horse battery', name: 'Mallory', role: 'admin' }, { ip: freshIp() });
    expect(signUp.statusCode).toBeLessThan(500);
    expect((await roleOf(eq(user.email, email))) ?? 'customer').toBe('customer');

    const update = await post(app, '/api/auth/update-user', { name: 'Bela Rao', role: 'admin' }, { cookie: bela.cookie, ip: freshIp() });
    expect(update.statusCode).toBeLessThan(500);
    expect(await roleOf(eq(user.id, bela.userId))).toBe('customer');
    expect(mismatch(await call(app, 'GET', '/api/admin/dashboard', bela), { status: 403, code: 'forbidden' })).toBeNull();
    // better-auth's own admin endpoints stay closed to everyone, admins included (decision 032).
    const setRole = await post(app, '/api/auth/admin/set-role', { userId: bela.userId, role: 'admin' }, { cookie: admin.cookie, ip: freshIp() });
    expect(setRole.statusCode).toBe(404);
    expect(await roleOf(eq(user.id, bela.userId))).toBe('customer');
  });
});
