import type { BrowserContext } from 'playwright-core';
import { baseUrl, shopperAddress } from './browser';

/**
 * The shop admin's session for browser tests. scripts/test.mjs makes the admin (E2E_ADMIN_EMAIL/PASSWORD), signs it
 * in once and hands every test file the cookie as E2E_ADMIN_COOKIE: signing in per test would hit the API's own
 * limit of 5 password sign-ins a minute per account from one address once a few back-office files run in one suite
 * (decision 048). Run outside
 * scripts/test.mjs, the first call signs in through the public API.
 */
let cached: Promise<string> | undefined;

export function adminCookie(): Promise<string> {
  cached ??= process.env.E2E_ADMIN_COOKIE ? Promise.resolve(process.env.E2E_ADMIN_COOKIE) : signIn();
  return cached;
}

/** Puts the admin's session in a browser context; answers the cookie ("auth_token=…") for direct API calls. */
export async function signInAdmin(context: BrowserContext): Promise<string> {
  const cookie = await adminCookie();
  await context.addCookies([{ name: 'auth_token', value: cookie.slice('auth_token='.length), url: baseUrl, httpOnly: true }]);
  return cookie;
}

async function signIn(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': shopperAddress() },
    body: JSON.stringify({ email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('auth_token='));
  if (!cookie) throw new Error('admin sign-in set no session cookie');
  return cookie.split(';')[0] as string;
}
