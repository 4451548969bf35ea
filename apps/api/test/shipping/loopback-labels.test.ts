import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pincodes } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { LocalDiskStore } from '../../src/storage/local-disk-store.ts';
import type { ObjectStore } from '../../src/storage/object-store.ts';
import { testAppConfig } from '../auth/auth-helpers.ts';
import { createTestContext, engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, makeStaff, product, roomyLimits } from '../orders/order-helpers.ts';
import { pdfText, ship } from './shipping-helpers.ts';

/**
 * The loopback carrier's labels outlive its process (decision 112): the label's data is kept in the API's object
 * store when the AWB is assigned, so a restarted API, or another API process on the same database and store, serves
 * the same label; an API with another store (nothing shared) cannot, as Shiprocket without the shipment could not.
 */
describe.each(engines)('loopback carrier labels (%s)', (engine) => {
  let base: TestContext;
  let ctx: TestContext;
  let folder: string;
  let store: ObjectStore;
  const apps: FastifyInstance[] = [];

  async function apiOn(objectStore: ObjectStore) {
    const app = await buildApp({
      config: testAppConfig(base, { ...roomyLimits, shipmentTrackEverySeconds: 86_400 }),
      db: base.handle,
      logger: false,
      objectStore,
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    base = await createTestContext(engine, {}, { fixtures: false });
    folder = mkdtempSync(join(tmpdir(), 'loopback-labels-'));
    store = new LocalDiskStore(folder);
    ctx = { ...base, app: await apiOn(store) };
    await base.handle.db
      .insert(pincodes)
      .values({ pincode: '560001', office: 'Bangalore G.P.O.', district: 'Bengaluru', state: 'Karnataka', transitDays: 3 })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await base?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('serves the label from a second API process, and after the first one is gone', async () => {
    const first = ctx.app;
    const asha = await customer(ctx);
    const staff = await customer(ctx);
    await makeStaff(ctx, staff.userId);
    const lamp = await product(ctx, { stock: 3, price: 60_000 });
    const placed = await call(first, 'POST', '/api/user/order', asha, {
      items: [{ productId: lamp.id, quantity: 1 }],
      addressId: asha.addressId,
      paymentMethod: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ _id: string }>()._id;
    expect((await call(first, 'POST', `/api/admin/orders/${orderId}/status`, staff, { status: 'confirmed' })).statusCode).toBe(200);
    const shipment = await ship(first, staff, orderId);

    const labelFrom = async (app: FastifyInstance) => call(app, 'GET', shipment.labelPath, staff);
    const expectLabel = (response: Awaited<ReturnType<typeof labelFrom>>) => {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(response.rawPayload);
      expect(text).toContain(shipment.awb);
      expect(text).toContain('PIN 560001');
      return text;
    };
    const own = expectLabel(await labelFrom(first));

    // Another API process on the same database and store: its loopback carrier never saw this shipment.
    const second = await apiOn(store);
    expect(second.shipping.loopback!.hasAwb(shipment.awb)).toBe(false);
    expect(expectLabel(await labelFrom(second))).toBe(own);

    // The first process gone (a restart): a new one still serves it.
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const restarted = await apiOn(store);
    expect(expectLabel(await labelFrom(restarted))).toBe(own);

    // An API sharing the database but not the store has nothing to draw it from: the carrier's refusal.
    const elsewhere = mkdtempSync(join(tmpdir(), 'loopback-labels-other-'));
    try {
      const stranger = await apiOn(new LocalDiskStore(elsewhere));
      expectRefusal(await labelFrom(stranger), 422, 'shipment_carrier_refused');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
