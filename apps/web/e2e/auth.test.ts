import { expect, test } from 'vitest';
import { codeIn, confirmEmailLink, latestMessage, linkIn, signedUpCustomer, uniqueEmail, uniquePhone } from './accounts';
import { baseUrl, errorsOf, shopperAddress, useBrowser } from './browser';

const session = useBrowser();

test('phone OTP sign-in through the default modal view, with the code from the dev outbox', async () => {
  const page = await session.newPage({ width: 390, height: 844, mobile: true });
  await page.goto('/terms');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in or sign up' });
  await dialog.waitFor();
  // Phone first: the mobile number field is focused and carries the +91 prefix.
  const phoneField = dialog.getByLabel('Mobile number');
  await expect.poll(() => phoneField.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await dialog.getByText('+91', { exact: true }).isVisible()).toBe(true);

  await dialog.getByRole('button', { name: 'Send code' }).click();
  expect(await dialog.getByRole('alert').first().textContent()).toBe('Mobile number is required');

  const phone = uniquePhone();
  const since = Date.now() - 1000;
  await phoneField.fill(`${phone.slice(0, 5)} ${phone.slice(5)}`);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByText(`We sent a 6-digit code to +91 ${phone.slice(0, 5)} ${phone.slice(5)}.`).waitFor();
  // The resend button counts down before it can be used.
  expect(await dialog.getByRole('button', { name: /^Resend code in \d+ s$/ }).isDisabled()).toBe(true);

  const code = codeIn(await latestMessage(`+91${phone}`, { kind: 'otp', since }));
  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);

  // Signed in: the header leads to the account, whose dashboard greets the new customer.
  await page.getByRole('link', { name: 'My account' }).click();
  await page.waitForURL('**/my-account');
  await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});

test('the modal views reach each other', async () => {
  const page = await session.newPage();
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
  await dialog.getByRole('button', { name: 'Use email instead' }).click();
  await dialog.getByRole('heading', { name: 'Sign in with email' }).waitFor();
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await dialog.getByRole('button', { name: 'Back to sign in' }).click();
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByRole('heading', { name: 'Create your account' }).waitFor();
  await dialog.getByRole('button', { name: 'Use mobile number instead' }).click();
  await dialog.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
  // Google is offered only when the API has it configured (not in the test shop).
  expect(await dialog.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
  expect(errorsOf(page)).toEqual([]);
});

test('email sign-up, the verification link from the outbox, sign-out, and password sign-in that returns to the page asked for', async () => {
  const page = await session.newPage();
  // An account page sends an anonymous visitor to sign in, remembering where they were going.
  await page.goto('/my-account/account-details');
  await page.waitForURL('**/signin?next=%2Fmy-account%2Faccount-details');
  await page.getByRole('button', { name: 'Sign up with email' }).click();
  await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();

  const email = uniqueEmail('signup');
  const since = Date.now() - 1000;
  await page.getByLabel('Full name').fill('Asha Verma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await page.getByRole('alert').first().textContent()).toBe('Password must be at least 8 characters');
  await page.getByLabel('Password').fill('handmade-gifts-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(`We sent a verification link to ${email}. Open it to finish creating your account.`).waitFor();

  // The link's page asks before it confirms; its button signs the new customer in and brings them back.
  await page.goto(linkIn(await latestMessage(email, { kind: 'verify-email', since })));
  await page.getByText(email, { exact: true }).waitFor();
  await confirmEmailLink(page, 'Confirm email');
  await page.waitForURL('**/my-account/account-details');
  await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
  expect(await page.getByLabel('Full name').inputValue()).toBe('Asha Verma');

  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${new URL('/', page.url()).href}`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();

  // Signed out: the account is closed again; sign in with the password and land where we asked to go.
  await page.goto('/my-account/saved-address');
  await page.waitForURL('**/signin?next=%2Fmy-account%2Fsaved-address');
  await page.getByRole('button', { name: 'Use email instead' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('handmade-gifts-1');
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/my-account/saved-address');
  await page.getByRole('heading', { level: 1, name: 'Saved addresses' }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});

test('forgot password: the emailed link sets a new password that signs in', async () => {
  const page = await session.newPage();
  const email = uniqueEmail('reset');
  let since = Date.now() - 1000;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': shopperAddress() },
    body: JSON.stringify({ name: 'Ravi', email, password: 'first-password-1', callbackURL: '/' }),
  });
  expect(signUp.ok).toBe(true);
  await page.goto(linkIn(await latestMessage(email, { kind: 'verify-email', since })));
  await confirmEmailLink(page, 'Confirm email');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/forget-password');
  since = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText(`If an account exists for ${email}, we sent it a link`, { exact: false }).waitFor();

  await page.goto(linkIn(await latestMessage(email, { kind: 'password-reset', since })));
  await page.waitForURL('**/reset-password?token=*');
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await page.getByRole('button', { name: 'Use email instead' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second-password-2');
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  // With no page to return to, the sign-in page leads to the account.
  await page.waitForURL('**/my-account');
  await page.getByRole('link', { name: 'My account' }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});

test('/login and /register lead to /signin and /signup, keeping next; a foreign next is ignored', async () => {
  const page = await session.newPage();
  await page.goto('/login?next=%2Fmy-account');
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/signin?next=%2Fmy-account');
  await page.goto('/register');
  expect(new URL(page.url()).pathname).toBe('/signup');
  await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  await page.goto('/signin?next=https%3A%2F%2Fevil.test%2F');
  await page.getByRole('heading', { level: 1, name: 'Sign in or sign up' }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});

test('/dev/outbox lists the latest messages', async () => {
  const page = await session.newPage();
  await page.goto('/dev/outbox');
  await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
  expect(await page.getByTestId('outbox-message').count()).toBeGreaterThan(0);
  expect(errorsOf(page)).toEqual([]);
});

test('an email sign-in link from LOGIN_VIEW signs in and returns to the page asked for', async () => {
  const page = await session.newPage();
  const email = uniqueEmail('link');
  const since = Date.now() - 1000;
  await page.goto('/signin?next=%2Fmy-account%2Fsaved-address');
  await page.getByRole('button', { name: 'Use email instead' }).click();
  // The link needs only the email: a missing one is pointed out first.
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  expect(await page.getByRole('alert').first().textContent()).toBe('Email is required');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByText(`Check your inbox: we sent a sign-in link to ${email}.`).waitFor();

  const link = linkIn(await latestMessage(email, { kind: 'magic-link', since }));
  await page.goto(link);
  await page.getByText(email, { exact: true }).waitFor();
  await confirmEmailLink(page, 'Sign in');
  await page.waitForURL('**/my-account/saved-address');
  await page.getByRole('heading', { level: 1, name: 'Saved addresses' }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});

test('the sign-in modal speaks Hindi and Arabic (right to left)', async () => {
  const hindi = await session.newPage({ locale: 'hi' });
  await hindi.goto('/faq');
  await hindi.getByRole('button', { name: 'साइन इन करें' }).click();
  await hindi.getByRole('dialog').getByRole('heading', { name: 'साइन इन या साइन अप करें' }).waitFor();
  expect(await hindi.getByRole('dialog').getByLabel('मोबाइल नंबर').isVisible()).toBe(true);
  expect(errorsOf(hindi)).toEqual([]);

  const arabic = await session.newPage({ locale: 'ar' });
  await arabic.goto('/signup');
  await arabic.getByRole('heading', { level: 1, name: 'أنشئ حسابك' }).waitFor();
  expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await arabic.getByRole('button', { name: 'أنشئ الحساب' }).click();
  expect(await arabic.getByRole('alert').first().textContent()).toBe('الاسم مطلوب');
  expect(errorsOf(arabic)).toEqual([]);
});

test("the API sees each shopper's own address through the storefront, so per-address limits are per shopper", async () => {
  const address = shopperAddress();
  const page = await session.newPage({ address });
  await signedUpCustomer(page.context(), 'address');
  await page.goto('/my-account');
  const sessions = await page.evaluate(async () => (await fetch('/api/auth/list-sessions')).json());
  expect(sessions.map((s: { ipAddress: string }) => s.ipAddress)).toEqual([address]);
});

test('the access token is refreshed 10 minutes before it expires, in a real browser with a fast-forwarded clock', async () => {
  const page = await session.newPage();
  await signedUpCustomer(page.context(), 'refresh');
  const tokenCalls: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/token') tokenCalls.push(Date.now());
  });
  await page.clock.install({ time: new Date() });
  await page.goto('/my-account');
  await expect.poll(() => tokenCalls.length).toBe(1);
  // A 60-minute token: nothing happens in its first 49 minutes...
  await page.clock.fastForward('49:00');
  await page.waitForTimeout(300);
  expect(tokenCalls).toHaveLength(1);
  // ...and it is refreshed at the 50-minute mark, with the page still signed in.
  await page.clock.fastForward('01:30');
  await expect.poll(() => tokenCalls.length).toBe(2);
  expect(errorsOf(page)).toEqual([]);
});
