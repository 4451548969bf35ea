import { outbox, verification } from '@shop/db';
import { desc, eq, and, like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { type Engine, openTestDatabase, type TestContext, withApp } from '../helpers.ts';

export const SITE = 'http://localhost:3000';
export const SECRET = 'test-secret-'.padEnd(40, 'x');

/** A test context on a fresh database (no catalogue fixtures unless asked), with a fixed AUTH_SECRET. */
export async function authContext(engine: Engine, config: Partial<BuildAppOptions['config']> = {}, options: { fixtures?: boolean } = {}): Promise<TestContext> {
  const database = await openTestDatabase(engine, { fixtures: options.fixtures ?? false });
  return withApp(database, () => anotherApp(database, config));
}

/** The settings of a test's API: the shop at SITE with the tests' secret, quiet, no cache, no proxy trusted. */
export function testAppConfig(ctx: Pick<TestContext, 'mediaDir'>, config: Partial<BuildAppOptions['config']> = {}): BuildAppOptions['config'] {
  return {
    mediaDir: ctx.mediaDir,
    redisUrl: undefined,
    trustProxy: false,
    logLevel: 'silent',
    responseCacheSeconds: 0,
    siteUrl: SITE,
    authSecret: SECRET,
    ...config,
  };
}

/** Another API process on the same database (shares rate limits, sessions, keys). */
export async function anotherApp(ctx: Pick<TestContext, 'handle' | 'mediaDir'>, config: Partial<BuildAppOptions['config']> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testAppConfig(ctx, config), db: ctx.handle, logger: false });
  await app.ready();
  return app;
}

let nextAddress = 1;
/** A client address of its own for each test, so limits counted in one test never spill into another. */
export function freshIp(): string {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

let nextPhone = 0;
/** A valid Indian mobile number not used before in this run. */
export function freshPhone(): string {
  nextPhone++;
  return `+9198${String(Date.now() % 1e4).padStart(4, '0')}${String(nextPhone).padStart(4, '0')}`;
}

let nextEmail = 0;
export function freshEmail(): string {
  return `user${++nextEmail}.${Date.now().toString(36)}@example.com`;
}

interface CallOptions {
  ip?: string;
  cookie?: string;
  bearer?: string;
  headers?: Record<string, string>;
}

export function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: unknown, options: CallOptions = {}) {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      origin: SITE,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      ...options.headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

export const post = (app: FastifyInstance, url: string, body: unknown = {}, options?: CallOptions) => call(app, 'POST', url, body, options);
export const get = (app: FastifyInstance, url: string, options?: CallOptions) => call(app, 'GET', url, undefined, options);

/** "auth_token=<value>" from a response's Set-Cookie, for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const found = response.cookies.find((cookie) => cookie.name === 'auth_token' && cookie.value !== '');
  return found ? `auth_token=${found.value}` : undefined;
}

/** The newest outbox message to a recipient (optionally of one kind). */
export async function latestMessage(ctx: Pick<TestContext, 'handle'>, recipient: string, kind?: string) {
  const rows = await ctx.handle.db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)) : eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return rows[0];
}

export async function messageCount(ctx: Pick<TestContext, 'handle'>, recipient: string): Promise<number> {
  return (await ctx.handle.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, recipient))).length;
}

/** The 6-digit code of the newest SMS to a number, read from the outbox as the delivery worker would. */
export async function latestCode(ctx: Pick<TestContext, 'handle'>, phone: string): Promise<string> {
  const message = await latestMessage(ctx, phone);
  const code = /^(\d{6}) is your/.exec(message?.bodyText ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** The link of the newest mail of a kind to an address. */
export async function latestLink(ctx: Pick<TestContext, 'handle'>, email: string, kind: string): Promise<URL> {
  const message = await latestMessage(ctx, email, kind);
  const url = /(https?:\/\/\S+)/.exec(message?.bodyText ?? '')?.[1];
  if (!url) throw new Error(`no ${kind} link sent to ${email}`);
  return new URL(url);
}

/** The token of a mailed link: it rides in the confirm page's fragment (`#token=…`, decision 145). */
export function linkToken(link: URL): string {
  const token = new URLSearchParams(link.hash.slice(1)).get('token');
  if (!token) throw new Error(`no token in ${link.pathname}`);
  return token;
}

/** What the confirm page's button does: POSTs the link's token to the confirm endpoint of its kind. */
export function confirmLink(app: FastifyInstance, kind: 'magic-link' | 'verify-email', link: URL, options?: CallOptions) {
  const path = kind === 'magic-link' ? '/api/auth/magic-link/confirm' : '/api/auth/email-verification/confirm';
  return post(app, path, { token: linkToken(link) }, options);
}

export async function otpRows(ctx: Pick<TestContext, 'handle'>, phone: string) {
  return ctx.handle.db
    .select()
    .from(verification)
    .where(like(verification.identifier, `%${phone}`));
}

/** Signs a number up (or in) by OTP; returns the session cookie and the verify answer. */
export async function signInByPhone(app: FastifyInstance, ctx: Pick<TestContext, 'handle'>, phone = freshPhone(), ip = freshIp()) {
  const sent = await post(app, '/api/auth/phone-number/send-otp', { phoneNumber: phone }, { ip });
  if (sent.statusCode !== 200) throw new Error(`send-otp: ${sent.statusCode} ${sent.body}`);
  const verified = await post(app, '/api/auth/phone-number/verify', { phoneNumber: phone, code: await latestCode(ctx, phone) }, { ip });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  return { phone, cookie: sessionCookie(verified) as string, body: verified.json() };
}

/** The 60-minute access token for a session cookie. */
export async function accessToken(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await get(app, '/api/auth/token', { cookie });
  if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json().token as string;
}

/** Signs up by email, confirms the verification link as its page does, and returns the signed-in cookie. */
export async function signUpByEmail(
  app: FastifyInstance,
  ctx: Pick<TestContext, 'handle'>,
  email = freshEmail(),
  password = 'correct horse battery',
  name = 'Asha',
) {
  const ip = freshIp();
  const signedUp = await post(app, '/api/auth/sign-up/email', { email, password, name }, { ip });
  if (signedUp.statusCode !== 200) throw new Error(`sign-up: ${signedUp.statusCode} ${signedUp.body}`);
  const link = await latestLink(ctx, email, 'verify-email');
  const verified = await confirmLink(app, 'verify-email', link, { ip });
  const cookie = sessionCookie(verified);
  if (!cookie) throw new Error(`verify-email: ${verified.statusCode} ${verified.body}`);
  return { email, password, cookie };
}
