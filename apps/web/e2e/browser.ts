import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';

/** The shop under test, started by scripts/test.mjs on spare ports with a freshly seeded database. */
export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

const launchFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const pageErrors = new WeakMap<Page, string[]>();

/**
 * Each browser context plays a different shopper on the internet: its requests carry an X-Forwarded-For address from
 * 198.18.0.0/15 (a range reserved for tests). The storefront appends the real peer (127.0.0.1) and the API trusts
 * loopback, so it counts this address — as it would count a shopper's own — and one file's sign-ups do not use up
 * another's per-address limits.
 */
export function shopperAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

/** What the page threw or logged as an error so far; a healthy page has none. */
export function errorsOf(page: Page): string[] {
  return pageErrors.get(page) ?? [];
}

interface BrowserSession {
  browser: Browser;
  /** A fresh context (own cookies) per call, so tests do not leak a locale or a cart into each other. */
  newPage(options?: { width?: number; height?: number; locale?: string; mobile?: boolean; address?: string }): Promise<Page>;
}

/** Launches Debian's Chromium once per test file and closes it afterwards. */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: launchFlags,
    });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    async newPage({ width = 1280, height = 900, locale, mobile = false, address = shopperAddress() } = {}) {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height },
        isMobile: mobile,
        hasTouch: mobile,
        extraHTTPHeaders: { 'x-forwarded-for': address },
      });
      contexts.push(context);
      if (locale) await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: baseUrl }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      pageErrors.set(page, errors);
      return page;
    },
  };
}
