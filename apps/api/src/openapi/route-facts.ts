import type { FastifyInstance, RouteOptions } from 'fastify';
import { ADMIN_PREFIX } from '../plugins/admin-guard.ts';

/**
 * What the OpenAPI document says about a route's callers, read from the route itself (decision 039):
 * - an /api/admin route's `config.adminRole` (the admin guard refuses to start without one);
 * - `app.requireUser` or `app.requireCaller` among its onRequest/preValidation/preHandler hooks: a signed-in user;
 * - otherwise a path under /api/user: a signed-in user too. This fallback covers a route whose plugin adds the hook
 *   for all its routes (`addHook`), which the route's own options do not show;
 * - `config.rateLimit`: limited per client.
 */

type RequiredRole = 'customer' | 'staff' | 'admin';

interface RouteFacts {
  /** Null for a public route. */
  role: RequiredRole | null;
  /** How the role was found: the route's own options, or its path only. */
  detectedBy: 'admin-guard' | 'hook' | 'path' | null;
  rateLimit: { max: number; windowSeconds?: number; window?: string } | null;
}

const USER_PREFIX = '/api/user';
const HOOK_NAMES = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

function hooksOf(route: Partial<RouteOptions>): unknown[] {
  const hooks: unknown[] = [];
  for (const name of HOOK_NAMES) {
    const value = (route as Record<string, unknown>)[name];
    if (Array.isArray(value)) hooks.push(...(value as unknown[]));
    else if (value !== undefined) hooks.push(value);
  }
  return hooks;
}

function under(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`);
}

export function routeFacts(app: FastifyInstance, route: Partial<RouteOptions>, url: string): RouteFacts {
  const config = (route.config ?? {}) as { adminRole?: unknown; rateLimit?: { max?: unknown; timeWindow?: unknown } | false };
  let role: RequiredRole | null = null;
  let detectedBy: RouteFacts['detectedBy'] = null;
  if (under(url, ADMIN_PREFIX) && (config.adminRole === 'staff' || config.adminRole === 'admin')) {
    role = config.adminRole;
    detectedBy = 'admin-guard';
  } else {
    const userHooks = new Set<unknown>([app.requireUser, app.requireCaller].filter(Boolean));
    if (hooksOf(route).some((hook) => userHooks.has(hook))) {
      role = 'customer';
      detectedBy = 'hook';
    } else if (under(url, USER_PREFIX)) {
      role = 'customer';
      detectedBy = 'path';
    }
  }

  let rateLimit: RouteFacts['rateLimit'] = null;
  const limit = config.rateLimit;
  if (limit && typeof limit === 'object' && typeof limit.max === 'number') {
    rateLimit =
      typeof limit.timeWindow === 'number'
        ? { max: limit.max, windowSeconds: Math.round(limit.timeWindow / 1000) }
        : { max: limit.max, ...(typeof limit.timeWindow === 'string' ? { window: limit.timeWindow } : {}) };
  }
  return { role, detectedBy, rateLimit };
}
