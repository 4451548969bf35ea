import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { signedUpCustomer, uniqueEmail } from './accounts';
import { signInAdmin } from './admin-session';
import { baseUrl, errorsOf, shopperAddress, useBrowser } from './browser';

/**
 * Issue 7, inbox and staff accounts: a shopper sends a complaint with a key through the shop's complaint view; the
 * admin finds it in the inbox and marks it handled; the admin makes a customer staff on /admin/staff; that person
 * can then open /admin/orders but gets the 404 page for /admin/staff.
 */

const session = useBrowser();
/** The shop's 404 page heading (shell.json notFound.title). */
const NOT_FOUND_TITLE = "We couldn't find that page";

test('a complaint sent with a key reaches the inbox and is marked handled', async () => {
  // The shopper, on a phone: the complaint view of the contact page with ?key=.
  const shopper = await session.newPage({ width: 390, height: 844, mobile: true });
  const key = `KG-A4-${randomInt(1e6)}`;
  const text = `The mug handle came off ${randomInt(1e9)}`;
  await shopper.goto(`/contact-us?key=${key}`);
  const hydrated = shopper.getByTestId('contact-form-page').getByRole('button', { name: 'Send', exact: true });
  await expect.poll(() => hydrated.isEnabled()).toBe(true);
  await shopper.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = shopper.locator('[role="dialog"][data-view="COMPLAIN_VIEW"]');
  await dialog.getByRole('heading', { name: 'Enter your details below.' }).waitFor();
  const send = dialog.getByRole('button', { name: 'Send', exact: true });
  await expect.poll(() => send.isEnabled()).toBe(true);
  await dialog.getByLabel('Name').fill('Ravi Kumar');
  await dialog.getByLabel('Contact number').fill('9123456780');
  await dialog.getByLabel('Email').fill('ravi@example.com');
  await dialog.getByLabel('Enter your complain here').fill(text);
  await send.click();
  await shopper.getByText('Details reported successfully we will reach out to you shortly.', { exact: true }).waitFor();
  expect(errorsOf(shopper)).toEqual([]);

  // The admin, on a phone too: complaints, open ones.
  const admin = await session.newPage({ width: 390, height: 844, mobile: true });
  await signInAdmin(admin.context());
  await admin.goto('/admin/inbox');
  await admin.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
  await admin.getByLabel('Kind').selectOption({ label: 'Complaints' });
  await admin.getByRole('button', { name: 'Show', exact: true }).click();
  await admin.waitForURL(/kind=complaint/);
  const card = admin.getByTestId('report').filter({ hasText: text });
  await card.getByRole('heading', { name: `Complaint about ${key}` }).waitFor();
  expect(await card.textContent()).toContain(`${text}@${key}`);
  expect(await card.textContent()).toContain('From Ravi Kumar');
  const mark = card.getByRole('button', { name: 'Mark handled' });
  await expect.poll(() => mark.isEnabled()).toBe(true);
  await mark.click();
  await admin.getByText('Marked handled', { exact: true }).waitFor();
  // Gone from the open list, there under Handled.
  await expect.poll(() => admin.getByTestId('report').filter({ hasText: text }).count()).toBe(0);
  await admin.goto('/admin/inbox?status=handled&kind=complaint');
  const handled = admin.getByTestId('report').filter({ hasText: text });
  await handled.getByText(/^Handled /).waitFor();
  await handled.getByRole('button', { name: 'Open again' }).waitFor();

  // A newsletter sign-up, listed as waiting for confirmation and in the CSV the page's link downloads.
  const email = uniqueEmail('a4-newsletter');
  const subscribed = await fetch(`${baseUrl}/api/subscribe/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': shopperAddress() },
    body: JSON.stringify({ email }),
  });
  expect(subscribed.ok, await subscribed.text()).toBe(true);
  await admin.goto('/admin/inbox/subscribers?status=pending');
  await admin.getByTestId('subscriber').filter({ hasText: email }).getByText('Waiting for confirmation').waitFor();
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\ufeffemail,status,subscribed_at,confirmed_at,unsubscribed_at');
  expect(csv).toContain(`${email.toLowerCase()},pending,`);
  expect(errorsOf(admin)).toEqual([]);
});

test('an admin makes a customer staff: they open the orders but not the staff page', async () => {
  const staff = await session.newPage();
  const person = await signedUpCustomer(staff.context(), 'a4-staff');
  // As a customer: no back office.
  expect((await staff.goto('/admin/orders'))?.status()).toBe(404);

  const admin = await session.newPage();
  await signInAdmin(admin.context());
  await admin.goto('/admin/staff');
  await admin.getByRole('heading', { level: 1, name: 'Staff accounts' }).waitFor();
  const give = admin.getByRole('button', { name: 'Give access' });
  await expect.poll(() => give.isEnabled()).toBe(true);
  // A wrong account first: the message beside the field.
  await admin.getByLabel('Email or mobile number').fill('nobody-here@example.com');
  await give.click();
  await admin.getByText('No account with that email or mobile number').waitFor();
  await admin.getByLabel('Email or mobile number').fill(person.email.toUpperCase());
  await admin.getByLabel('Role', { exact: true }).selectOption('staff');
  await give.click();
  await admin.getByText(`${person.name} is now Staff`).waitFor();
  const row = admin.getByTestId('staff-member').filter({ hasText: person.email });
  await row.waitFor();
  expect(await row.getByLabel(`Role for ${person.name}`).inputValue()).toBe('staff');

  // At once, without signing in again.
  const orders = await staff.goto('/admin/orders');
  expect(orders?.status()).toBe(200);
  await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  expect(await staff.getByRole('link', { name: 'Staff accounts' }).count()).toBe(0);
  const refused = await staff.goto('/admin/staff');
  expect(refused?.status()).toBe(404);
  await staff.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE }).waitFor();

  // The change is in the audit log.
  await admin.goto(`/admin/audit?entityType=user`);
  await admin.getByTestId('audit-entry').filter({ hasText: 'user.role' }).first().waitFor();
  expect(errorsOf(admin)).toEqual([]);
  expect(errorsOf(staff).filter((e) => !/404/.test(e))).toEqual([]);
});
