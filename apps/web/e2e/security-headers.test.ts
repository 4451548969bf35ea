import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { signInAdmin } from './admin-session';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 19, finding 1: every storefront page carries a strict CSP with a fresh nonce and the frame, sniffing,
 * referrer, permissions and opener headers; pages still hydrate and work under it with no violation; /api/* answered
 * through the storefront names no internal address; every answer carries an X-Request-Id (docs/decisions/044).
 */

const session = useBrowser();

/** CSP violations the page reported, collected from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

function directive(policy: string, name: string): string[] {
  const found = policy.split(';').find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

test('/, /checkout and /admin carry a strict CSP with a fresh nonce and the other security headers', async () => {
  const nonces = new Set<string>();
  for (const path of ['/', '/checkout', '/admin', '/']) {
    const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
    const policy = response.headers.get('content-security-policy') ?? '';
    const scripts = directive(policy, 'script-src');
    const nonce = scripts.find((source) => source.startsWith("'nonce-"));
    expect(nonce, `${path}: ${policy}`).toBeDefined();
    nonces.add(nonce ?? '');
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)'])
      expect(response.headers.get('permissions-policy')).toContain(feature);
    // The payment step lets Razorpay Checkout's popups keep their opener (decision 062; payment.test.ts).
    expect(response.headers.get('cross-origin-opener-policy')).toBe(path === '/checkout' ? 'same-origin-allow-popups' : 'same-origin');
    // The shop under test is served over plain http: no HSTS.
    expect(response.headers.has('strict-transport-security')).toBe(false);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    if (response.status === 200) {
      // Every script Next.js wrote into the page carries this request's nonce.
      const html = await response.text();
      const value = nonce?.slice("'nonce-".length, -1) ?? '';
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) if (!tag.includes('application/ld+json')) expect(tag).toContain(`nonce="${value}"`);
    } else {
      await response.body?.cancel();
    }
  }
  expect(nonces.size).toBe(4);
  // Over https (a TLS proxy in front says so), HSTS and upgrade-insecure-requests.
  const secure = await fetch(`${baseUrl}/terms`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(secure.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  await secure.body?.cancel();
});

test('a page hydrates and works under the CSP with no violation: the cart drawer opens, a product goes in the cart', async () => {
  const page = await session.newPage();
  const violations = await watchViolations(page);
  await page.goto('/category/lamps');
  await page
    .getByRole('button', { name: /^Quick view: / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'View details' }).click();
  await page.waitForURL('**/product/**');
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('dialog', { name: 'Shopping cart' }).waitFor();
  await page.goto('/admin');
  await page.waitForURL(/\/signin\?/);
  await page.getByRole('button', { name: /^Cart/ }).waitFor();
  expect(await violations()).toEqual([]);
  expect(errorsOf(page)).toEqual([]);
});

test('/api/* through the storefront names no internal address, and returns the X-Request-Id it was given', async () => {
  const response = await fetch(`${baseUrl}/api/health`, { headers: { 'x-request-id': 'e2e-health.1' } });
  expect(response.status).toBe(200);
  await response.body?.cancel();
  expect(response.headers.has('x-middleware-rewrite')).toBe(false);
  for (const [name, value] of response.headers) {
    expect(`${name}: ${value}`).not.toMatch(/127\.0\.0\.1|localhost|\[::1\]/);
  }
  expect(response.headers.get('x-request-id')).toBe('e2e-health.1');
  // One that could forge a log line is replaced by a fresh UUID.
  const forged = await fetch(`${baseUrl}/api/health`, { headers: { 'x-request-id': 'a b "c"' } });
  await forged.body?.cancel();
  expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

/** Stand-ins for gtag.js and tawk.to's loader: the test machine has no internet, and the CSP is what is tested. */
async function fakeThirdParties(page: Page): Promise<void> {
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: 'window.__gtagLoaded = true;' }),
  );
  await page.route('https://embed.tawk.to/**', (route) => route.fulfill({ contentType: 'application/javascript', body: 'window.__tawkLoaded = true;' }));
}

async function setThirdPartyIds(page: Page, ids: { analytics: string; chat: string }): Promise<void> {
  await page.goto('/admin/settings');
  const form = page.getByTestId('settings-form');
  const analytics = form.getByLabel('Analytics id (Google Analytics 4)');
  await expect.poll(() => analytics.isEnabled()).toBe(true);
  await analytics.fill(ids.analytics);
  await form.getByLabel('Chat widget id (tawk.to)').fill(ids.chat);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved').waitFor();
}

let restoreIds: (() => Promise<void>) | undefined;
afterAll(async () => {
  await restoreIds?.();
});

test('configured chat and analytics load under the CSP: their loaders carry the nonce and their origins are allowed', async () => {
  const admin = await session.newPage();
  // The back office shows the shop's shell too: once the ids are saved, its pages load the (stand-in) scripts as well.
  await fakeThirdParties(admin);
  await signInAdmin(admin.context());
  await setThirdPartyIds(admin, { analytics: 'G-E2ETEST123', chat: '0123456789abcdef01234567/1e2etest' });
  restoreIds = () => setThirdPartyIds(admin, { analytics: '', chat: '' });

  // The policy's copy of the settings is at most ten seconds old.
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl}/terms`);
        await response.body?.cancel();
        return response.headers.get('content-security-policy') ?? '';
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toMatch(/google-analytics\.com.*tawk\.to/);

  const page = await session.newPage();
  await fakeThirdParties(page);
  const violations = await watchViolations(page);
  await page.goto('/terms');
  // gtag.js came from its origin, and the inline config (which needs the nonce) ran.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded === true)).toBe(true);
  await expect.poll(() => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tawkLoaded?: boolean }).__tawkLoaded === true), { timeout: 20_000 }).toBe(true);
  expect(await violations()).toEqual([]);
  expect(errorsOf(page)).toEqual([]);

  // A page opened from a mailed link with a secret loads neither, and its policy allows neither (decision 145).
  const linkPage = await session.newPage();
  await fakeThirdParties(linkPage);
  const elsewhere: string[] = [];
  linkPage.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseUrl).origin) elsewhere.push(request.url());
  });
  const opened = await linkPage.goto('/signin/email-link#token=NotATokenTheShopEverMadeXXXXXXXX');
  expect(opened?.headers()['content-security-policy']).not.toMatch(/google|tawk/);
  await linkPage.getByText('This link has expired or has already been used.').waitFor();
  await linkPage.waitForLoadState('networkidle');
  expect(elsewhere).toEqual([]);
  expect(await linkPage.evaluate(() => 'dataLayer' in window || '__tawkLoaded' in window)).toBe(false);

  await restoreIds();
  restoreIds = undefined;
  expect(errorsOf(admin)).toEqual([]);
});
