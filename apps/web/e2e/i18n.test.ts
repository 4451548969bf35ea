import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { errorsOf, useBrowser } from './browser';

const session = useBrowser();

test('English is the default, left to right', async () => {
  const page = await session.newPage();
  await page.goto('/');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
});

test('Arabic turns the page right to left, and the cart drawer comes from the left', async () => {
  const page = await session.newPage({ locale: 'ar' });
  await page.goto('/terms');
  expect(await page.locator('html').getAttribute('lang')).toBe('ar');
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  await page.locator('header button:has([data-testid="cart-count"])').click();
  const drawer = page.getByRole('dialog');
  await drawer.waitFor();
  await expect.poll(async () => (await drawer.boundingBox())?.x ?? -1).toBe(0);
});

test('the language switcher keeps the choice in the NEXT_LOCALE cookie', async () => {
  const page = await session.newPage();
  await page.goto('/faq');
  await page
    .locator('footer')
    .getByRole('combobox', { name: /Language/ })
    .selectOption('hi');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('hi');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('hi');
  await page.reload();
  expect(await page.locator('html').getAttribute('lang')).toBe('hi');
  expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
});

const messages = (locale: string, file: string) => JSON.parse(readFileSync(new URL(`../src/i18n/messages/${locale}/${file}.json`, import.meta.url), 'utf8'));

test("in Hindi, the notifications' screen-reader texts are Hindi too", async () => {
  const toast = messages('hi', 'shell').toast as { region: string; close: string; timer: string };
  const page = await session.newPage();
  await page.goto('/hi/contact-us');
  const form = page.getByTestId('contact-form-page');
  const send = form.locator('button[type="submit"]');
  await expect.poll(() => send.isEnabled()).toBe(true);
  await form.locator('input[name="name"]').fill('Asha Verma');
  await form.locator('input[name="contact_number"]').fill('9876543210');
  await form.locator('input[name="email"]').fill('asha@example.com');
  await form.locator('textarea[name="message"]').fill('क्या आप मराठी में नाम की तख्ती बनाते हैं?');
  await send.click();
  await page.locator('.Toastify__toast').first().waitFor();
  expect(await page.locator('section.Toastify').getAttribute('aria-label')).toBe(toast.region);
  expect(await page.locator('.Toastify__close-button').first().getAttribute('aria-label')).toBe(toast.close);
  await expect.poll(() => page.locator('.Toastify [role="progressbar"]').first().getAttribute('aria-label')).toBe(toast.timer);
  expect(errorsOf(page)).toEqual([]);
});

test("in Hindi, the colour filter's heading is Hindi; the shop's own English content is marked as English", async () => {
  const page = await session.newPage();
  await page.goto('/hi/category/mugs');
  const filters = page.getByRole('complementary', { name: messages('hi', 'catalogue').filters.title });
  // The heading is the shop's; the colour names are product data, in English, and say so.
  await filters.locator('legend', { hasText: messages('hi', 'catalogue').filters.colour }).waitFor();
  expect(await filters.locator('label[for*="attr-colour"]').evaluateAll((labels) => labels.map((l) => l.getAttribute('lang')))).toSatisfy(
    (langs: (string | null)[]) => langs.length > 0 && langs.every((lang) => lang === 'en'),
  );
  // Product names on the cards, the category's name, and the footer's site description.
  const cardTitle = page.locator('main a[href^="/product/"] [lang="en"][dir="auto"]').first();
  await cardTitle.waitFor();
  expect(await page.locator('h1 [lang="en"][dir="auto"]').count()).toBe(1);
  expect(await page.locator('footer p[lang="en"][dir="auto"]').count()).toBe(1);
  // The breadcrumb's category names too ("1 Minute Sarees" read right to left became "Minute Sarees 1"); its own
  // words (Home, Categories) stay Hindi.
  const crumbs = page.getByRole('navigation', { name: messages('hi', 'shell').breadcrumbs.label });
  expect(await crumbs.locator('[aria-current="page"] [lang="en"][dir="auto"]').count()).toBe(1);
  expect(await crumbs.locator('li').first().locator('[lang]').count()).toBe(0);

  // A product page: its name and its description paragraphs.
  await page.locator('main a[href^="/product/"]').first().click();
  await page.waitForURL('**/product/**');
  await page.locator('h1 [lang="en"][dir="auto"]').waitFor();
  // Its breadcrumb's category and product names.
  expect(await crumbs.locator('[lang="en"][dir="auto"]').count()).toBeGreaterThanOrEqual(2);
  expect(
    await page.locator('[aria-labelledby="description-title"] p').evaluateAll((ps) => ps.map((p) => `${p.getAttribute('lang')} ${p.getAttribute('dir')}`)),
  ).toSatisfy((marks: string[]) => marks.length > 0 && marks.every((mark) => mark === 'en auto'));
  expect(errorsOf(page)).toEqual([]);
});

test('in Arabic, the words searched for sit apart from the sentence, between guillemets', async () => {
  const page = await session.newPage();
  // Typed in Latin letters with a number at the end: without isolation the number and the closing mark trade places.
  await page.goto('/ar/search?q=lamp%202');
  const heading = page.locator('h1');
  await heading.waitFor();
  expect(await heading.innerHTML()).toContain('«<bdi>lamp 2</bdi>»');
  await page.goto('/ar/search?q=zzqqxx');
  expect(await page.getByRole('status').filter({ hasText: 'zzqqxx' }).innerHTML()).toContain('«<bdi>zzqqxx</bdi>»');
  expect(errorsOf(page)).toEqual([]);
});
