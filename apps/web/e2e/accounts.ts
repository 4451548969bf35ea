import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, shopperAddress } from './browser';

/** Helpers for the sign-in and account browser tests: unique people, and the dev outbox of the shop under test. */

export interface OutboxMessage {
  _id: string;
  channel: 'email' | 'sms';
  recipient: string;
  kind: string;
  subject: string | null;
  bodyText: string;
  createdAt: string;
}

/** A mobile number nobody has used in this run (first digit 6-9, ten digits). */
export function uniquePhone(): string {
  return `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}@example.com`;
}

export async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}`);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The newest message to `to` (of `kind`, when given) written after `since`; waits a little for it. */
export async function latestMessage(to: string, { kind, since = 0 }: { kind?: string; since?: number } = {}): Promise<OutboxMessage> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = (await outbox(to)).find((m) => (!kind || m.kind === kind) && Date.parse(m.createdAt) >= since);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${kind ?? ''} message to ${to} in the outbox`);
}

export function codeIn(message: OutboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.bodyText)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${message.bodyText}`);
  return code;
}

/**
 * Presses the button of a mailed link's confirm page (decision 145) once it shows whose link it is: the link signs in
 * or confirms only then. `name` is the button's (translated) name.
 */
export async function confirmEmailLink(page: Page, name: string): Promise<void> {
  await page.getByRole('main').getByRole('button', { name, exact: true }).click();
}

/** The name of the confirm page's Confirm email button in the page's language (a context may be in Hindi or Arabic). */
async function confirmEmailButton(page: Page): Promise<string> {
  const locale = await page.evaluate(() => document.documentElement.lang);
  const messages = JSON.parse(readFileSync(new URL(`../src/i18n/messages/${locale}/auth.json`, import.meta.url), 'utf8')) as {
    emailLink: { confirm: string };
  };
  return messages.emailLink.confirm;
}

export function linkIn(message: OutboxMessage): string {
  const link = /https?:\/\/\S+/.exec(message.bodyText)?.[0];
  if (!link) throw new Error(`no link in: ${message.bodyText}`);
  return link;
}

/**
 * Signs a new customer in through the "Sign in or sign up" dialog, as a shopper does by phone: a fresh mobile number,
 * Send code, the 6-digit code from the SMS in the dev outbox, Verify and sign in; resolves once the dialog has closed.
 * `beforeVerify` runs with the code typed and before it is sent (a test slowing the network from there on). Answers the
 * number signed in with (10 digits).
 */
export async function signInByPhone(page: Page, { beforeVerify }: { beforeVerify?: () => Promise<unknown> } = {}): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Sign in or sign up' });
  await dialog.waitFor();
  const phone = uniquePhone();
  const since = Date.now() - 1000;
  await dialog.getByLabel('Mobile number').fill(phone);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('6-digit code').fill(codeIn(await latestMessage(`+91${phone}`, { kind: 'otp', since })));
  await beforeVerify?.();
  await dialog.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  return phone;
}

/**
 * A customer with a verified email and a password, made through the public API as a visitor would
 * (sign-up, then the emailed link and its page's Confirm email button), signed in inside `context` by the cookie
 * that sets.
 */
export async function signedUpCustomer(context: BrowserContext, label: string) {
  const person = { name: `Test ${label}`, email: uniqueEmail(label), password: `kaarigar-${randomInt(1e6, 1e7)}` };
  const since = Date.now() - 1000;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': shopperAddress() },
    body: JSON.stringify({ ...person, callbackURL: '/my-account' }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const link = linkIn(await latestMessage(person.email, { kind: 'verify-email', since }));
  const page = await context.newPage();
  await page.goto(link);
  await confirmEmailLink(page, await confirmEmailButton(page));
  await page.waitForURL('**/my-account');
  await page.close();
  return person;
}
