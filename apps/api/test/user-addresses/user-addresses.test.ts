import { addresses } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { accessToken, authContext, signInByPhone } from '../auth/auth-helpers.ts';

const base = '/api/user/addresses';

const home = {
  name: 'Asha Verma',
  mobile: '98765 43210',
  line1: '12, MG Road',
  line2: 'Flat 4B',
  landmark: 'Opposite the temple',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};
const office = { name: 'Asha at work', mobile: '9123456780', line1: '5th floor, Tower B', city: 'Pune', state: 'Maharashtra', pincode: '411001' };

interface Caller {
  cookie?: string;
  bearer?: string;
}

function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, caller: Caller, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

describe.each(engines)('saved addresses (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const signIn = async (): Promise<Caller> => ({ cookie: (await signInByPhone(ctx.app, ctx)).cookie });
  const list = async (caller: Caller) => (await call(app, 'GET', base, caller)).json().data as Array<Record<string, unknown>>;
  const add = async (caller: Caller, body: unknown = home) => {
    const response = await call(app, 'POST', base, caller, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Record<string, unknown> & { _id: string }>();
  };

  beforeAll(async () => {
    ctx = await authContext(engine);
    app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('asks for sign-in (401) on every action', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const anonymous = [
      await call(app, 'GET', base, {}),
      await call(app, 'POST', base, {}, home),
      await call(app, 'PUT', `${base}/${id}`, {}, home),
      await call(app, 'DELETE', `${base}/${id}`, {}),
      await call(app, 'POST', `${base}/${id}/default`, {}),
      await call(app, 'GET', base, { bearer: 'not-a-token' }),
      await call(app, 'GET', base, { cookie: 'auth_token=forged' }),
    ];
    for (const response of anonymous) {
      expectRefusal(response, 401, 'not_signed_in');
      expect(response.json()).toEqual({ message: 'Sign in to continue', code: 'not_signed_in' });
    }
  });

  it('saves an address as the domain rules read it; the first one becomes the default', async () => {
    const me = await signIn();
    expect(await list(me)).toEqual([]);
    const saved = await add(me);
    expect(saved).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...home,
      mobile: '9876543210',
      isDefault: true,
      createdAt: expect.any(String),
    });
    expect(new Date(saved.createdAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const second = await add(me, office);
    expect(second).toMatchObject({ ...office, line2: null, landmark: null, isDefault: false });
    expect((await list(me)).map((address) => address._id)).toEqual([saved._id, second._id]);
  });

  it('lists the default first, then newest first, and accepts the access token as well as the cookie', async () => {
    const me = await signIn();
    const first = await add(me, { ...home, name: 'First' });
    const second = await add(me, { ...home, name: 'Second' });
    const third = await add(me, { ...home, name: 'Third' });
    expect((await list(me)).map((address) => address.name)).toEqual(['First', 'Third', 'Second']);
    const bearer = { bearer: await accessToken(app, me.cookie as string) };
    expect((await list(bearer)).map((address) => address._id)).toEqual([first._id, third._id, second._id]);
  });

  it('a new address sent with isDefault: true takes the default over', async () => {
    const me = await signIn();
    const first = await add(me);
    const second = await add(me, { ...office, isDefault: true });
    expect(second.isDefault).toBe(true);
    const listed = await list(me);
    expect(listed.map((address) => [address._id, address.isDefault])).toEqual([
      [second._id, true],
      [first._id, false],
    ]);
  });

  it('replaces an address with PUT', async () => {
    const me = await signIn();
    const saved = await add(me);
    const response = await call(app, 'PUT', `${base}/${saved._id}`, me, { ...office, landmark: 'Near the metro' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...office, _id: saved._id, line2: null, landmark: 'Near the metro', isDefault: true, createdAt: saved.createdAt });
    expect(await list(me)).toEqual([response.json()]);
  });

  it('PUT with isDefault moves the default; false on the default hands it to the newest other address', async () => {
    const me = await signIn();
    const first = await add(me, { ...home, name: 'First' });
    const second = await add(me, { ...home, name: 'Second' });
    const third = await add(me, { ...home, name: 'Third' });
    const defaults = async () => (await list(me)).filter((address) => address.isDefault).map((address) => address.name);

    expect((await call(app, 'PUT', `${base}/${second._id}`, me, { ...home, name: 'Second', isDefault: true })).json().isDefault).toBe(true);
    expect(await defaults()).toEqual(['Second']);

    const undone = await call(app, 'PUT', `${base}/${second._id}`, me, { ...home, name: 'Second', isDefault: false });
    expect(undone.json().isDefault).toBe(false);
    expect(await defaults()).toEqual(['Third']);

    // Without isDefault the default stays where it is.
    await call(app, 'PUT', `${base}/${third._id}`, me, { ...home, name: 'Third, edited' });
    expect(await defaults()).toEqual(['Third, edited']);
    expect(first.isDefault).toBe(true);
  });

  it('the only address stays the default even when sent isDefault: false', async () => {
    const me = await signIn();
    const only = await add(me);
    const response = await call(app, 'PUT', `${base}/${only._id}`, me, { ...home, isDefault: false });
    expect(response.json().isDefault).toBe(true);
  });

  it('POST /:id/default makes an address the default', async () => {
    const me = await signIn();
    const first = await add(me);
    const second = await add(me, office);
    const response = await call(app, 'POST', `${base}/${second._id}/default`, me);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: second._id, isDefault: true });
    expect((await list(me)).map((address) => [address._id, address.isDefault])).toEqual([
      [second._id, true],
      [first._id, false],
    ]);
    // Again: still the default, nothing else changes.
    expect((await call(app, 'POST', `${base}/${second._id}/default`, me)).json().isDefault).toBe(true);
  });

  it('deletes an address (204); deleting the default promotes the newest remaining one', async () => {
    const me = await signIn();
    const first = await add(me, { ...home, name: 'First' });
    const second = await add(me, { ...home, name: 'Second' });
    const third = await add(me, { ...home, name: 'Third' });

    const removed = await call(app, 'DELETE', `${base}/${second._id}`, me);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await list(me)).map((address) => [address.name, address.isDefault])).toEqual([
      ['First', true],
      ['Third', false],
    ]);

    expect((await call(app, 'DELETE', `${base}/${first._id}`, me)).statusCode).toBe(204);
    expect((await list(me)).map((address) => [address.name, address.isDefault])).toEqual([['Third', true]]);

    expect((await call(app, 'DELETE', `${base}/${third._id}`, me)).statusCode).toBe(204);
    expect(await list(me)).toEqual([]);
    expectRefusal(await call(app, 'DELETE', `${base}/${third._id}`, me), 404, 'address_not_found');
    // The next address saved is the default again.
    expect((await add(me)).isDefault).toBe(true);
  });

  it("never shows or changes another user's address: 404, as for one that does not exist", async () => {
    const owner = await signIn();
    const intruder = await signIn();
    const saved = await add(owner);
    await add(intruder, office);

    expect((await list(intruder)).map((address) => address._id)).not.toContain(saved._id);
    const attempts = [
      await call(app, 'PUT', `${base}/${saved._id}`, intruder, office),
      await call(app, 'DELETE', `${base}/${saved._id}`, intruder),
      await call(app, 'POST', `${base}/${saved._id}/default`, intruder),
      await call(app, 'PUT', `${base}/00000000-0000-4000-8000-000000000000`, owner, office),
      await call(app, 'DELETE', `${base}/not-a-uuid`, owner),
      await call(app, 'POST', `${base}/${'x'.repeat(90)}/default`, owner),
    ];
    for (const response of attempts) {
      expectRefusal(response, 404, 'address_not_found');
      expect(response.json()).toEqual({ message: 'Address not found', code: 'address_not_found' });
    }
    expect(await list(owner)).toEqual([saved]);
    const [row] = await ctx.handle.db.select().from(addresses).where(eq(addresses.id, saved._id));
    expect(row?.name).toBe(home.name);
  });

  it.each([
    ['name', { name: '' }, 'name_required', 'Name is required'],
    ['name', { name: 'n'.repeat(81) }, 'name_too_long', 'Name can be at most 80 characters', { max: 80 }],
    ['mobile', { mobile: '98765' }, 'mobile_length_invalid', 'Mobile number must be 10 digits'],
    ['mobile', { mobile: '5876543210' }, 'mobile_start_invalid', 'Mobile number must start with 6, 7, 8 or 9'],
    ['mobile', { mobile: undefined }, 'mobile_required', 'Mobile number is required'],
    ['line1', { line1: '  ' }, 'address_line1_required', 'Address line 1 is required'],
    ['line2', { line2: 'l'.repeat(121) }, 'address_line2_too_long', 'Address line 2 can be at most 120 characters', { max: 120 }],
    ['landmark', { landmark: 'l'.repeat(81) }, 'landmark_too_long', 'Landmark can be at most 80 characters', { max: 80 }],
    ['city', { city: '' }, 'city_required', 'City is required'],
    ['state', { state: 'Bombay' }, 'state_invalid', 'Choose a state'],
    ['pincode', { pincode: '012345' }, 'pincode_invalid', 'PIN code must be 6 digits and cannot start with 0'],
    ['pincode', { pincode: '' }, 'pincode_required', 'PIN code is required'],
    ['isDefault', { isDefault: 'yes' }, 'default_flag_invalid', 'Default must be true or false'],
  ] as const)('refuses a bad %s with 400 naming it (%j: %s)', async (field, change, code, message, params?: Record<string, number>) => {
    const me = await signIn();
    const body: Record<string, unknown> = { ...home, ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const created = await call(app, 'POST', base, me, body);
    const fieldRefusal = params ? { code, message, params } : { code, message };
    expect(expectRefusal(created, 400, 'validation_failed', { [field]: code })).toEqual({
      message: `Invalid ${field}: ${message}`,
      code: 'validation_failed',
      errors: { [field]: fieldRefusal },
    });

    const saved = await add(me);
    const replaced = await call(app, 'PUT', `${base}/${saved._id}`, me, body);
    expect(expectRefusal(replaced, 400, 'validation_failed').errors).toEqual({ [field]: fieldRefusal });
    expect(await list(me)).toEqual([saved]);
  });

  it('names every bad field at once', async () => {
    const me = await signIn();
    const response = await call(app, 'POST', base, me, { name: '', mobile: '1', line1: '', city: '', state: '', pincode: '0' });
    expectRefusal(response, 400, 'validation_failed', {
      name: 'name_required',
      mobile: 'mobile_length_invalid',
      line1: 'address_line1_required',
      city: 'city_required',
      state: 'state_invalid',
      pincode: 'pincode_invalid',
    });
    expect(Object.keys(response.json().errors).sort()).toEqual(['city', 'line1', 'mobile', 'name', 'pincode', 'state']);
  });

  it('refuses what is not an address: no body, not JSON, an array, too large, a NUL (never a 500)', async () => {
    const me = await signIn();
    const responses = [
      await call(app, 'POST', base, me),
      await call(app, 'POST', base, me, '{"name":'),
      await call(app, 'POST', base, me, [home]),
      await call(app, 'POST', base, me, { ...home, line2: 'x'.repeat(10_000) }),
      await call(app, 'POST', base, me, { ...home, name: 'Asha\u0000' }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([400, 400, 400, 413, 400]);
    expect(responses.map((response) => response.json().code)).toEqual([
      'validation_failed',
      'invalid_json',
      // The input guard (decision 046): an array is not an object, and a NUL is never text.
      'json_object_required',
      'payload_too_large',
      'invalid_characters',
    ]);
    expect(responses[4]?.json().errors).toEqual({
      name: { code: 'invalid_characters', message: 'name contains characters that are not allowed', params: { field: 'name' } },
    });
  });

  it('keeps at most 20 addresses per user (409 with a message), even when requests race', async () => {
    const me = await signIn();
    for (let index = 0; index < 18; index++) await add(me, { ...home, name: `Address ${index + 1}` });
    const racing = await Promise.all(Array.from({ length: 5 }, (_, index) => call(app, 'POST', base, me, { ...home, name: `Racer ${index}` })));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    for (const response of racing.filter((entry) => entry.statusCode === 409)) {
      expect(expectRefusal(response, 409, 'address_limit_reached')).toEqual({
        message: 'You can save at most 20 addresses. Delete one to add another.',
        code: 'address_limit_reached',
        params: { max: 20 },
      });
    }
    expect(await list(me)).toHaveLength(20);
    // Another user is not affected by this one's cap.
    await add(await signIn());
    // Room again after a delete.
    const [last] = (await list(me)).slice(-1);
    expect((await call(app, 'DELETE', `${base}/${String(last?._id)}`, me)).statusCode).toBe(204);
    await add(me);
  });

  it('keeps exactly one default when default changes race', async () => {
    const me = await signIn();
    const saved = [await add(me), await add(me, office), await add(me, { ...home, name: 'Third' }), await add(me, { ...office, name: 'Fourth' })];
    const responses = await Promise.all([
      ...saved.map((address) => call(app, 'POST', `${base}/${address._id}/default`, me)),
      call(app, 'DELETE', `${base}/${saved[0]?._id}`, me),
      call(app, 'POST', base, me, { ...home, name: 'Fifth', isDefault: true }),
    ]);
    expect(responses.every((response) => response.statusCode < 500)).toBe(true);
    const listed = await list(me);
    expect(listed.filter((address) => address.isDefault)).toHaveLength(1);
    expect(listed[0]?.isDefault).toBe(true);
  });
});
