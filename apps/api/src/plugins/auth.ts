import type { Database } from '@shop/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeIP } from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import { createAccessTokenVerifier } from '../auth/access-token.ts';
import { type Auth, type AuthSettings, BASE_PATH, CLIENT_IP_HEADER, createAuth } from '../auth/create-auth.ts';
import { accountOf, authLimits, countsAddress, type LimitRule, minimumResponseMs } from '../auth/limits.ts';
import { authRefusal, minutesToWait } from '../auth/refusals.ts';
import { hasRole, type UserRole } from '../auth/roles.ts';
import { isUserId, loadSessionUser, loadUser, type RequestUser, type UserProfile } from '../auth/request-user.ts';
import { Refusal } from '../lib/refusal.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The better-auth instance (server-side API: auth.api.*). */
    auth: Auth;
    /** preHandler: sets request.user from `Authorization: Bearer <JWT>` or the auth_token cookie, else 401 `not_signed_in`. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: requireUser, then 403 `forbidden` unless the user holds `role` or a higher one (admin > staff > customer). */
    requireRole: (role: UserRole) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest for a route that reads the caller's user row inside its own first statement (placing an order):
     * a valid Bearer token only sets request.callerId and request.callerSessionId, and the route MUST refuse with 401
     * `not_signed_in` when that read finds no active user in a live session (requestUserFrom on a row read joined to
     * the session). A session cookie is checked in full, as requireUser does.
     */
    requireCaller: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: RequestUser | null;
    /** The caller's user id after requireCaller (not yet checked against the database for a Bearer token). */
    callerId: string | null;
    /** The session behind callerId after requireCaller: the route's own read must find it alive (decision 049). */
    callerSessionId: string | null;
    /** The profile read with request.user (POST /api/user answers it). */
    userProfile: UserProfile | null;
  }
}

/** Headers for better-auth: the client's, plus Fastify's idea of the client address in a header no client can set. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** "/admin/…" of better-auth's admin plugin, however the path is cased or escaped. */
function isAuthAdminPath(path: string): boolean {
  let plain = path;
  try {
    plain = decodeURIComponent(path);
  } catch {
    // Not decodable: better-auth will not match it to an endpoint either.
  }
  plain = plain.toLowerCase().replace(/\/{2,}/g, '/');
  return plain === '/admin' || plain.startsWith('/admin/');
}

/**
 * The counter a rule bumps for a request: "auth:<bucket>:<address>", "auth:<bucket>:<account>" or
 * "auth:<bucket>:<address>:<account>". IPv6 clients count per /64 (one subscriber's prefix), as @fastify/rate-limit
 * does by default.
 */
function limitKey(rule: LimitRule, request: FastifyRequest): string {
  const parts = [`auth:${rule.bucket}`];
  if (countsAddress(rule)) parts.push(normalizeIP(request.ip));
  if (rule.by !== 'ip') parts.push(accountOf(rule, request.body) as string);
  return parts.join(':');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Identity inside the API: mounts better-auth at /api/auth/* (GET and POST, converted to a Web Request),
 * puts our rate limits in front of it, and gives routes `app.requireUser` / `app.requireRole(...)`.
 * Register after the rate-limit, db and outbox plugins.
 */
export const authPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function auth(app: FastifyInstance, options: { settings: AuthSettings; db: Database }) {
    const { settings } = options;
    // Codes and links are written to the outbox in the request; its worker sends them.
    const instance = createAuth(settings, {
      db: options.db,
      enqueue: (message) => app.outbox.enqueue(message),
      log: (level, message, args) => app.log[level]({ args: args.length ? args : undefined }, `auth: ${message}`),
    });
    app.decorate('auth', instance);

    // One limiter per bucket, on the shared store; keys say which bucket and which client or account.
    const limiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
    for (const rules of Object.values(authLimits)) {
      for (const rule of rules) {
        if (limiters.has(rule.bucket)) continue;
        limiters.set(
          rule.bucket,
          app.createRateLimit({
            max: rule.max,
            timeWindow: rule.windowSeconds * 1000,
            keyGenerator: (request) => limitKey(rule, request),
          }),
        );
      }
    }

    /**
     * Refuses with `rate_limited` (429, Retry-After, the whole minutes to wait) when a rule is exceeded. Every step
     * of the address's limits counts each attempt, refused or not, and the longest wait among those exceeded is the
     * answer: an address that keeps trying while held back climbs to the longer steps (the back-off). The account's
     * ceiling from all addresses counts only attempts its address was allowed, so one address cannot fill it alone.
     */
    async function checkLimits(request: FastifyRequest, reply: FastifyReply, rules: LimitRule[]): Promise<void> {
      const applicable = rules.filter((rule) => rule.by === 'ip' || accountOf(rule, request.body) !== undefined);
      for (const phase of [applicable.filter(countsAddress), applicable.filter((rule) => !countsAddress(rule))]) {
        const results = await Promise.all(phase.map((rule) => (limiters.get(rule.bucket) as ReturnType<FastifyInstance['createRateLimit']>)(request)));
        const waits = results.flatMap((result) => (!result.isAllowed && result.isExceeded ? [result.ttlInSeconds] : []));
        if (waits.length > 0) {
          const seconds = Math.max(...waits);
          reply.header('retry-after', String(seconds));
          throw new Refusal('rate_limited', { params: { minutes: minutesToWait(seconds) } });
        }
      }
    }

    app.route({
      method: ['GET', 'POST'],
      url: `${BASE_PATH}/*`,
      schema: { hide: true },
      async handler(request, reply) {
        const started = performance.now();
        // The URL better-auth will see (dot segments resolved), so the limits apply to the path it serves.
        const url = new URL(request.url, settings.siteUrl);
        const path = url.pathname.slice(BASE_PATH.length).replace(/\/+$/, '');
        // better-auth's admin endpoints (set-role, ban, remove-user, impersonate…) would change accounts past the back
        // office's rules and audit log (issue 7, decision 032): accounts are managed through /api/admin/staff only.
        if (isAuthAdminPath(path)) throw new Refusal('not_found');
        const rules = authLimits[path];
        if (rules) await checkLimits(request, reply, rules);

        // A change with no body goes on as an empty JSON object: better-auth's phone-number hook reads `'phoneNumber' in
        // body` on update-user and threw on a missing one (a 500 the OpenAPI fuzzer found, decision 058).
        const headers = authHeaders(request);
        const withBody = request.method !== 'GET' && request.method !== 'HEAD';
        if (withBody && request.body === undefined) headers.set('content-type', 'application/json');
        const response = await instance.handler(
          new Request(url, { method: request.method, headers, ...(withBody ? { body: JSON.stringify(request.body ?? {}) } : {}) }),
        );

        const floor = minimumResponseMs[path];
        // Only a wait still ahead: Node warns about a negative timeout.
        const wait = floor ? floor - (performance.now() - started) : 0;
        if (wait > 0) await sleep(wait);

        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key === 'set-cookie' || key === 'content-length' || key === 'transfer-encoding') continue;
          reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        const body = response.body ? await response.text() : '';
        // Errors keep the API's shape (decision 037) whatever better-auth answered.
        if (response.status >= 400) return reply.send(authRefusal(response.status, body));
        return reply.send(body === '' ? null : body);
      },
    });

    const verifyAccessToken = createAccessTokenVerifier({
      issuer: settings.siteUrl,
      audience: settings.siteUrl,
      loadKeys: () => instance.api.getJwks(),
    });

    /** The verified claims of the Bearer token; null for a bad one, undefined without an Authorization header. */
    async function bearerClaims(request: FastifyRequest) {
      const authorization = request.headers.authorization;
      if (authorization === undefined) return undefined;
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      return match ? verifyAccessToken(match[1] as string) : null;
    }

    /** The caller and the session it acts in: a token counts only while its session (`sid`) lives (decision 049). */
    async function resolveUser(request: FastifyRequest) {
      const claims = await bearerClaims(request);
      // A bearer token that does not verify is a 401, never a fallback to the cookie.
      if (claims !== undefined) {
        if (!claims || typeof claims.sid !== 'string') return null;
        const found = await loadSessionUser(options.db, claims.sub, claims.sid);
        return found ? { ...found, sessionId: claims.sid } : null;
      }
      if (!request.headers.cookie) return null;
      // better-auth reads the session row on every call (no cookie cache), so a signed-out cookie is refused at once.
      const session = await instance.api.getSession({ headers: authHeaders(request) });
      if (!session) return null;
      const found = await loadUser(options.db, session.user.id);
      return found ? { ...found, sessionId: session.session.id } : null;
    }

    app.decorateRequest('user', null);
    app.decorateRequest('userProfile', null);
    app.decorateRequest('callerId', null);
    app.decorateRequest('callerSessionId', null);

    // Refusals are thrown: the error handler answers them (decision 037).
    async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const found = await resolveUser(request);
      if (!found) throw new Refusal('not_signed_in');
      const { profile, sessionId, ...requestUser } = found;
      request.user = requestUser;
      request.userProfile = profile;
      request.callerSessionId = sessionId;
    }

    app.decorate('requireUser', requireUser);
    // Saves the user read's round trip on the busiest signed-in write; the route's own read applies the same rule.
    app.decorate('requireCaller', async (request: FastifyRequest, reply: FastifyReply) => {
      const claims = await bearerClaims(request);
      if (claims === undefined) {
        await requireUser(request, reply);
        request.callerId = (request.user as RequestUser).id;
        return;
      }
      if (claims && isUserId(claims.sub) && typeof claims.sid === 'string' && isUserId(claims.sid)) {
        request.callerId = claims.sub;
        request.callerSessionId = claims.sid;
        return;
      }
      throw new Refusal('not_signed_in');
    });
    app.decorate('requireRole', (role: UserRole) => async (request: FastifyRequest, reply: FastifyReply) => {
      await requireUser(request, reply);
      if (!hasRole((request.user as RequestUser).role, role)) throw new Refusal('forbidden');
    });
  },
  { name: 'auth', dependencies: ['rate-limit', 'db', 'outbox'] },
);
