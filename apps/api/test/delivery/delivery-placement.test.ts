import { pincodes, siteSettings } from '@shop/db';
import { seedPincodes } from '@shop/db/pincodes/seed-pincodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { settingsFixture } from '../fixtures.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, product, roomyLimits, stockOf } from '../orders/order-helpers.ts';

/**
 * Placing an order checks the delivery address's pincode against the carrier's serviceability (issue 22): a pincode
 * our couriers do not serve is refused, and cash on delivery where they collect none, before anything is taken.
 * A pincode the directory does not know passes (the 2015 directory lacks newer ones).
 */
describe.each(engines)('delivery checks at placement (%s)', (engine) => {
  let ctx: TestContext;
  type Who = Awaited<ReturnType<typeof customer>>;
  let asha: Who;
  let lamp: { id: string };
  const place = (paymentMethod: 'cod' | 'prepaid') =>
    call(ctx.app, 'POST', '/api/user/order', asha, { items: [{ productId: lamp.id, quantity: 1, variantId: null }], addressId: asha.addressId, paymentMethod });
  const setPincode = (changes: { serviceable: boolean; cod: boolean }) => ctx.handle.db.update(pincodes).set(changes).where(eq(pincodes.pincode, '560001'));

  beforeAll(async () => {
    ctx = await authContext(engine, roomyLimits);
    await ctx.handle.db.insert(siteSettings).values(settingsFixture);
    asha = await customer(ctx); // her address is at 560001
    lamp = await product(ctx, { stock: 10 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lets a pincode the directory does not know through', async () => {
    expect((await place('cod')).statusCode).toBe(201);
  });

  it('refuses cash on delivery where the carrier collects none, but takes the order paid online', async () => {
    await seedPincodes(ctx.handle.db, [
      { pincode: '560001', office: 'Bangalore G.P.O.', district: 'Bangalore', state: 'Karnataka', latitude: null, longitude: null },
    ]);
    await setPincode({ serviceable: true, cod: false });
    const before = await stockOf(ctx, lamp.id);
    const refused = expectRefusal(await place('cod'), 422, 'cod_pincode_blocked', { addressId: 'cod_pincode_blocked' });
    expect(refused.params).toEqual({ pincode: '560001' });
    expect(await stockOf(ctx, lamp.id)).toBe(before);
    expect((await place('prepaid')).statusCode).toBe(201);
  });

  it('refuses a pincode the carrier does not serve, whatever the payment', async () => {
    await setPincode({ serviceable: false, cod: false });
    for (const method of ['cod', 'prepaid'] as const) {
      const refused = expectRefusal(await place(method), 422, 'delivery_pincode_unserviceable', { addressId: 'delivery_pincode_unserviceable' });
      expect(refused.message).toBe('We do not deliver to pincode 560001 yet. Choose another address.');
    }
  });
});
