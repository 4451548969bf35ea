import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { confirmEmailLink, latestMessage, linkIn, uniqueEmail } from './accounts';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, shopperAddress, useBrowser } from './browser';

const session = useBrowser();

/**
 * Decision 145: a mailed sign-in or verification link opens a page that shows whose link it is and signs in (or
 * confirms) only when its button is pressed. Opening it (another site's link, a mail scanner) changes nothing.
 */

/** Asks the shop, as a visitor would, for a sign-in link to `email` that returns to `callbackURL`; answers the link. */
async function mailedSignInLink(email: string, callbackURL: string): Promise<string> {
  const since = Date.now() - 1000;
  const asked = await fetch(`${baseUrl}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': shopperAddress() },
    body: JSON.stringify({ email, callbackURL }),
  });
  expect(asked.ok).toBe(true);
  return linkIn(await latestMessage(email, { kind: 'magic-link', since }));
}

/** Whether the page's browser is signed in (its cookie, asked of the API). */
async function signedIn(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json()) !== null);
}

/** Every request the page makes, to check where they go and what they carry. */
function recordRequests(page: Page): { url: string; referer: string | undefined }[] {
  const requests: { url: string; referer: string | undefined }[] = [];
  page.on('request', (request) => requests.push({ url: request.url(), referer: request.headers().referer }));
  return requests;
}

test('the sign-in link opens a page that signs in only when its button is pressed, with no rule broken', async () => {
  const email = uniqueEmail('confirm');
  const link = await mailedSignInLink(email, '/my-account/saved-address');
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') as string;
  expect(new URL(link).pathname).toBe('/signin/email-link');
  expect(token).toMatch(/^[A-Za-z]{32}$/);

  // A scanner that opens the link (and runs its scripts) sees the page and uses nothing up.
  const scanner = await session.newPage();
  await scanner.goto(link);
  await scanner.getByText(email, { exact: true }).waitFor();
  expect(await signedIn(scanner)).toBe(false);

  const page = await session.newPage({ width: 390, height: 844, mobile: true });
  const requests = recordRequests(page);
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Sign in with your email link' }).waitFor();
  await page.getByText(email, { exact: true }).waitFor();
  expect(await page.title()).toMatch(/^Sign in with your email link/);
  expect(await axeViolations(page)).toEqual([]);
  expect(await signedIn(page)).toBe(false);

  await confirmEmailLink(page, 'Sign in');
  await page.waitForURL('**/my-account/saved-address');
  await page.getByRole('heading', { level: 1, name: 'Saved addresses' }).waitFor();
  expect(await signedIn(page)).toBe(true);

  // Nothing went to another site, and the token never left in a URL or a Referer (it rode in a POST body only).
  const shop = new URL(baseUrl).origin;
  expect(requests.filter((request) => !request.url.startsWith('data:') && new URL(request.url).origin !== shop)).toEqual([]);
  expect(requests.filter((request) => request.url.includes(token) || request.referer?.includes(token))).toEqual([]);
  expect(errorsOf(page)).toEqual([]);
  expect(errorsOf(scanner)).toEqual([]);
});

test('a used link says so in Hindi and offers a new one', async () => {
  const email = uniqueEmail('used');
  const link = await mailedSignInLink(email, '/my-account');
  const first = await session.newPage();
  await first.goto(link);
  await confirmEmailLink(first, 'Sign in');
  await first.waitForURL('**/my-account');

  const page = await session.newPage({ locale: 'hi' });
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'ईमेल लिंक से साइन इन करें' }).waitFor();
  await page.getByText('यह लिंक समाप्त हो गया है या पहले ही उपयोग हो चुका है।').waitFor();
  expect(await axeViolations(page)).toEqual([]);

  const since = Date.now() - 1000;
  await page.getByLabel('ईमेल').fill(email);
  await page.getByRole('button', { name: 'मुझे नया साइन-इन लिंक ईमेल करें' }).click();
  await page.getByText(`अपना इनबॉक्स देखें: हमने ${email} पर नया लिंक भेजा है।`).waitFor();
  const fresh = linkIn(await latestMessage(email, { kind: 'magic-link', since }));
  expect(new URL(fresh).searchParams.get('next')).toBe('/my-account');
  expect(fresh).not.toBe(link);
  // The page asked whose link it was (a 400: used up); nothing else went wrong.
  expect(errorsOf(page)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});

test('the verification link confirms the address in Arabic, right to left, with no rule broken', async () => {
  const email = uniqueEmail('confirm-ar');
  const since = Date.now() - 1000;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': shopperAddress() },
    body: JSON.stringify({ name: 'Layla', email, password: 'handmade-gifts-3', callbackURL: '/my-account' }),
  });
  expect(signUp.ok).toBe(true);
  const link = linkIn(await latestMessage(email, { kind: 'verify-email', since }));
  expect(new URL(link).pathname).toBe('/signin/confirm-email');

  const page = await session.newPage({ locale: 'ar' });
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'أكّد بريدك الإلكتروني' }).waitFor();
  await page.getByText('أنت تؤكّد أن عنوان البريد الإلكتروني هذا لك:').waitFor();
  await page.getByText(email, { exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await axeViolations(page)).toEqual([]);
  expect(await signedIn(page)).toBe(false);

  await confirmEmailLink(page, 'أكّد البريد الإلكتروني');
  await page.waitForURL('**/my-account');
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await signedIn(page)).toBe(true);
  expect(errorsOf(page)).toEqual([]);
});
