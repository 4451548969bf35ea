import { expect, test } from 'vitest';
import { codeIn, confirmEmailLink, latestMessage, linkIn, signedUpCustomer, uniqueEmail, uniquePhone } from './accounts';
import { errorsOf, useBrowser } from './browser';

const session = useBrowser();

test('change password: asks the current one, then the new one signs in', async () => {
  const page = await session.newPage();
  const person = await signedUpCustomer(page.context(), 'password');
  await page.goto('/my-account/change-password');
  await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();

  await page.getByLabel('Current password').fill(person.password);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
  await page.getByLabel('Confirm new password').fill('a-different-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  expect(await page.getByRole('alert').first().textContent()).toBe('The passwords do not match');

  await page.getByLabel('Confirm new password').fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Your password has been changed. You were signed out on your other devices.').waitFor();

  // This browser stays signed in (its session was renewed); the new password works from another one.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
  const other = await session.newPage();
  await other.goto('/signin?next=%2Fmy-account');
  await other.getByRole('button', { name: 'Use email instead' }).click();
  await other.getByLabel('Email').fill(person.email);
  await other.getByLabel('Password').fill('a-brand-new-secret');
  await other.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await other.waitForURL('**/my-account');
  await other.getByRole('heading', { level: 1, name: `Hello, ${person.name}` }).waitFor();
  expect(errorsOf(page)).toEqual([]);
  expect(errorsOf(other)).toEqual([]);
});

test('saved addresses: add (with the field rules), edit, set default and delete', async () => {
  const page = await session.newPage({ width: 390, height: 844, mobile: true });
  await signedUpCustomer(page.context(), 'addresses');
  // Spec §4: every call the browser makes carries the bearer token (a 60-minute JWT).
  const calls: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user')) calls.push({ url: request.url(), authorization: request.headers().authorization });
  });
  await page.goto('/my-account/saved-address');
  await page.getByText('You have no saved addresses yet.').waitFor();

  await page.getByRole('button', { name: 'Add address' }).click();
  const form = page.getByRole('form', { name: 'Add an address' });
  await form.getByRole('button', { name: 'Save address' }).click();
  expect(await form.getByText('Name is required').isVisible()).toBe(true);
  expect(await form.getByText('PIN code is required').isVisible()).toBe(true);
  await form.getByLabel('PIN code').fill('012345');
  await form.getByRole('button', { name: 'Save address' }).click();
  await form.getByText('PIN code must be 6 digits and cannot start with 0').waitFor();
  // The first field in error gets the focus.
  await expect.poll(() => form.getByLabel('Full name').evaluate((el) => el === document.activeElement)).toBe(true);

  await form.getByLabel('Full name').fill('Meera Iyer');
  await form.getByLabel('Mobile number (10 digits)').fill('9876543210');
  await form.getByLabel('House number and street').fill('12 Lotus Lane');
  await form.getByLabel('City').fill('Chennai');
  await form.getByLabel('State').selectOption('Tamil Nadu');
  await form.getByLabel('PIN code').fill('600001');
  await form.getByRole('button', { name: 'Save address' }).click();
  const list = page.getByRole('list', { name: 'Your addresses' });
  const meera = list.getByRole('article', { name: 'Address of Meera Iyer' });
  await meera.waitFor();
  // The first address becomes the default.
  expect(await meera.getByText('Default', { exact: true }).isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Add address' }).click();
  const second = page.getByRole('form', { name: 'Add an address' });
  await second.getByLabel('Full name').fill('Kabir Singh');
  await second.getByLabel('Mobile number (10 digits)').fill('8765432109');
  await second.getByLabel('House number and street').fill('7 Mall Road');
  await second.getByLabel('City').fill('Shimla');
  await second.getByLabel('State').selectOption('Himachal Pradesh');
  await second.getByLabel('PIN code').fill('171001');
  await second.getByRole('button', { name: 'Save address' }).click();
  const kabir = list.getByRole('article', { name: 'Address of Kabir Singh' });
  await kabir.waitFor();

  // Edit the second address.
  await kabir.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit address' });
  expect(await edit.getByLabel('City').inputValue()).toBe('Shimla');
  await edit.getByLabel('Landmark (optional)').fill('Near the Ridge');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await kabir.getByText('Near the Ridge').waitFor();

  // Make it the default: only one default remains.
  await kabir.getByRole('button', { name: 'Set as default' }).click();
  await kabir.getByText('Default', { exact: true }).waitFor();
  await expect.poll(() => meera.getByText('Default', { exact: true }).count()).toBe(0);

  // Delete the first, after confirming.
  await meera.getByRole('button', { name: 'Delete' }).click();
  await meera.getByRole('button', { name: 'Yes, delete' }).click();
  await expect.poll(() => meera.count()).toBe(0);
  expect(await list.getByRole('article').count()).toBe(1);

  // Kept on the server: a reload shows the same.
  await page.reload();
  await list.getByRole('article', { name: 'Address of Kabir Singh' }).waitFor();
  expect(await list.getByRole('article').count()).toBe(1);
  expect(calls.length).toBeGreaterThan(6);
  expect(calls.filter((call) => !/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(call.authorization ?? ''))).toEqual([]);
  expect(errorsOf(page)).toEqual([]);
});

test('account details: a new name is saved and greets on the dashboard', async () => {
  const page = await session.newPage();
  await signedUpCustomer(page.context(), 'details');
  await page.goto('/my-account/account-details');
  await page.getByLabel('Full name').fill('Priya Nair');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByText('Your name has been saved.').waitFor();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('heading', { level: 1, name: 'Hello, Priya Nair' }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});

test('sign-out at /logout asks first, then ends the session: account pages ask to sign in again', async () => {
  const page = await session.newPage();
  await signedUpCustomer(page.context(), 'logout');
  await page.goto('/my-account');
  await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
  // Arriving signs no one out (another site can send a browser here); "Stay signed in" keeps the session.
  await page.goto('/logout');
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/my-account');
  await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
  await page.goto('/logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect((await page.context().cookies()).some((c) => c.name === 'auth_token')).toBe(false);
  await page.goto('/my-account');
  await page.waitForURL('**/signin?next=%2Fmy-account');
  expect(errorsOf(page)).toEqual([]);
});

test('account details: a mobile number is added only after its code is entered; a new email only after its link is opened', async () => {
  const page = await session.newPage();
  const person = await signedUpCustomer(page.context(), 'contact');
  await page.goto('/my-account/account-details');
  await page.getByText('No mobile number added yet.').waitFor();

  const phone = uniquePhone();
  let since = Date.now() - 1000;
  await page.getByLabel('Add a mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText(`We sent a 6-digit code to +91 ${phone.slice(0, 5)} ${phone.slice(5)}.`).waitFor();
  await page.getByLabel('6-digit code').fill(codeIn(await latestMessage(`+91${phone}`, { kind: 'otp', since })));
  await page.getByRole('button', { name: 'Verify and save' }).click();
  await page.getByText('Your mobile number has been changed.').waitFor();
  await page.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, { exact: true }).waitFor();

  const newEmail = uniqueEmail('moved');
  since = Date.now() - 1000;
  await page.getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Send verification link' }).click();
  await page.getByText(`We sent a link to ${newEmail}. Your email changes once you open it.`).waitFor();
  // Nothing changes until the link is opened.
  await page.reload();
  await page.getByText(person.email, { exact: true }).waitFor();

  await page.goto(linkIn(await latestMessage(newEmail, { since })));
  await page.getByText(newEmail, { exact: true }).waitFor();
  await confirmEmailLink(page, 'Confirm email');
  await page.waitForURL('**/my-account/account-details');
  await page.getByText(newEmail, { exact: true }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});
