import { user } from '@shop/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { accessToken, authContext, freshEmail, freshIp, post, signInByPhone, signUpByEmail } from './auth-helpers.ts';

/**
 * The account's name and picture through better-auth's sign-up, magic link and update-user (create-auth.ts's
 * before-hook): a name is trimmed, 1 to 100 characters, without control or text-direction characters; the shop
 * shows no pictures, so `image` can only be left out or cleared. Before, a 20,000-character name made the access
 * token 27 kB and every later request 431 (the account locked out), and "   ", U+202E or a `javascript:` image were
 * stored.
 */
describe.each(engines)('account name and picture (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const nameOf = async (email: string) => (await ctx.handle.db.select({ name: user.name }).from(user).where(eq(user.email, email)))[0]?.name;

  it('refuses a bad name or any picture on update-user with the account codes, and keeps the account usable', async () => {
    const { cookie } = await signInByPhone(ctx.app, ctx);
    const update = (body: unknown) => post(ctx.app, '/api/auth/update-user', body, { cookie });
    const cases: [unknown, string][] = [
      [{ name: 'N'.repeat(20_000) }, 'profile_name_too_long'],
      [{ name: 'N'.repeat(101) }, 'profile_name_too_long'],
      [{ name: '   ' }, 'name_required'],
      [{ name: '' }, 'name_required'],
      [{ name: 42 }, 'name_required'],
      [{ name: 'Asha\u202eamreV' }, 'profile_name_characters'],
      [{ name: 'Asha\u2066x' }, 'profile_name_characters'],
      [{ name: 'Asha\nVerma' }, 'profile_name_characters'],
      [{ image: 'javascript:alert(1)' }, 'profile_image_not_accepted'],
      [{ image: `https://example.com/${'a'.repeat(60_000)}` }, 'profile_image_not_accepted'],
      [{ name: 'Asha', image: 'https://example.com/me.png' }, 'profile_image_not_accepted'],
    ];
    for (const [body, code] of cases) {
      const refused = expectRefusal(await update(body), 400, code);
      expect(refused.message).toMatch(/name|picture/i);
    }
    expect(expectRefusal(await update({ name: 'N'.repeat(101) }), 400, 'profile_name_too_long').params).toEqual({ max: 100 });

    const renamed = await update({ name: '  Kavya Rao  ', image: null });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const me = await post(ctx.app, '/api/user', undefined, { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().name).toBe('Kavya Rao');
    const token = await accessToken(ctx.app, cookie);
    expect(token.length).toBeLessThan(2_000);
    expect((await post(ctx.app, '/api/user', undefined, { bearer: token })).statusCode).toBe(200);
    // A change of something else leaves the name alone.
    expect((await update({})).statusCode).toBe(400);
  });

  it('refuses a bad name or a picture at sign-up by email and by magic link; trims a good one', async () => {
    const signUp = (body: Record<string, unknown>) =>
      post(ctx.app, '/api/auth/sign-up/email', { email: freshEmail(), password: 'correct horse battery', ...body }, { ip: freshIp() });
    expectRefusal(await signUp({ name: 'N'.repeat(10_000) }), 400, 'profile_name_too_long');
    expectRefusal(await signUp({ name: '  ' }), 400, 'name_required');
    expectRefusal(await signUp({}), 400, 'name_required');
    expectRefusal(await signUp({ name: '\u202eavyaK' }), 400, 'profile_name_characters');
    expectRefusal(await signUp({ name: 'Kavya', image: 'javascript:alert(1)' }), 400, 'profile_image_not_accepted');

    const magic = (body: Record<string, unknown>) =>
      post(ctx.app, '/api/auth/sign-in/magic-link', { email: freshEmail(), callbackURL: '/my-account', ...body }, { ip: freshIp() });
    expectRefusal(await magic({ name: 'N'.repeat(10_000) }), 400, 'profile_name_too_long');
    expectRefusal(await magic({ name: 'x\u202e' }), 400, 'profile_name_characters');
    expect((await magic({})).statusCode).toBe(200);

    const email = freshEmail();
    await signUpByEmail(ctx.app, ctx, email, undefined, '  Meera Iyer ');
    expect(await nameOf(email)).toBe('Meera Iyer');
  });
});
