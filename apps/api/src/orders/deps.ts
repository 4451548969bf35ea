import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestUser } from '../auth/request-user.ts';
import type { OrderDeps } from './place-order.ts';
import { loadShippingRules } from './shipping-rules.ts';
import { loadGiftSettings } from '../gifting/gift-settings.ts';

/** The order services' view of the app: its database, outbox, response cache and abuse limits. */
export function orderDeps(app: FastifyInstance): OrderDeps {
  return {
    db: app.db,
    // Site settings change rarely; the response cache keeps them for its window and forgets them on invalidate.
    shippingRules: () => app.responseCache.memo('shipping-rules', () => loadShippingRules(app.db)),
    wakeOutbox: () => app.outbox.worker.wake(),
    invalidateCatalogue: (tags, changed) => app.responseCache.invalidate(tags, { awaitStorefront: false, changed }),
    limits: app.orderLimits.settings,
    couponTries: app.orderLimits.couponTries,
    payments: app.payments,
    // The shop's COD controls (issue 20, cod/cod-placement.ts).
    cod: app.cod,
    // Issue 24: the gift-wrap price, memoised like the shipping rules (a settings save clears the cache).
    giftSettings: () => app.responseCache.memo('gift-settings', () => loadGiftSettings(app.db)),
  };
}

/** The signed-in caller (routes run app.requireUser first, which answers 401 without one). */
export function caller(request: FastifyRequest): RequestUser {
  return request.user as RequestUser;
}
