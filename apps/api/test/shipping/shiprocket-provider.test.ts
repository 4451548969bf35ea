import { describe, expect, it } from 'vitest';
import { CarrierError, type CreateShipmentInput } from '../../src/shipping/provider.ts';
import { LoopbackCarrier } from '../../src/shipping/shiprocket/loopback-carrier.ts';
import { adhocOrder, createShiprocketProvider } from '../../src/shipping/shiprocket/shiprocket-provider.ts';
import { parseTrackingWebhook, tokenMatches } from '../../src/shipping/shiprocket/webhook.ts';

/**
 * The Shiprocket adapter on its own (decision 084), against the loopback carrier's request handling with a fetch that
 * calls it directly: token login and renewal, Shiprocket's order shape, refusals and silence as CarrierError.
 */

const BASE = 'http://shiprocket.test';

function carrierFetch(carrier: LoopbackCarrier, log: string[] = [], fail?: (path: string) => Response | null): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    const path = url.pathname.slice(url.pathname.indexOf('/v1/external') + '/v1/external'.length);
    log.push(`${init?.method ?? 'GET'} ${path}`);
    const failed = fail?.(path);
    if (failed) return failed;
    const headers = new Headers(init?.headers);
    const answer = await carrier.handle(
      init?.method ?? 'GET',
      path,
      headers.get('authorization') ?? undefined,
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    );
    if (answer.pdf) return new Response(new Uint8Array(answer.pdf), { status: answer.status, headers: { 'content-type': 'application/pdf' } });
    return Response.json(answer.body, { status: answer.status });
  };
}

const input: CreateShipmentInput = {
  reference: 'KG-261126-ABC123',
  orderDate: new Date('2026-11-26T06:00:00Z'),
  address: {
    name: 'Asha Kumari Verma',
    mobile: '9876543210',
    line1: '12, MG Road',
    line2: 'Flat 4',
    landmark: 'Near the park',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  },
  email: 'asha@example.com',
  lines: [{ name: 'Brass lamp', sku: 'LAMP-1', units: 2, price: 64_950 }],
  paymentMethod: 'cod',
  total: 129_900,
  parcel: { weightGrams: 1250, lengthCm: 30, breadthCm: 20, heightCm: 10 },
  parcels: 1,
};

describe('Shiprocket adapter', () => {
  it("sends Shiprocket's adhoc order: rupees, kilograms, billing = shipping, the pickup location's nickname", () => {
    expect(adhocOrder(input, 'Primary')).toMatchObject({
      order_id: 'KG-261126-ABC123',
      order_date: '2026-11-26 11:30',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Kumari Verma',
      billing_address_2: 'Flat 4, Near the park',
      billing_pincode: '560001',
      billing_country: 'India',
      shipping_is_billing: true,
      order_items: [{ name: 'Brass lamp', sku: 'LAMP-1', units: 2, selling_price: 649.5 }],
      payment_method: 'COD',
      sub_total: 1299,
      weight: 1.25,
      length: 30,
    });
  });

  it('logs in once, reuses the token, and logs in again before the 10 days run out', async () => {
    const carrier = new LoopbackCarrier();
    const log: string[] = [];
    let now = Date.parse('2026-11-01T00:00:00Z');
    const provider = createShiprocketProvider(carrier.credentials, { baseUrl: BASE, fetch: carrierFetch(carrier, log), now: () => now });
    const created = await provider.createShipment(input);
    const awb = await provider.assignAwb({ providerShipmentId: created.providerShipmentId });
    expect(awb).toMatchObject({ awb: expect.stringMatching(/^\d{14}$/), courierName: 'Delhivery Surface', courierId: 10 });
    expect(log.filter((line) => line.endsWith('/auth/login'))).toHaveLength(1);
    now += 8 * 24 * 3600_000;
    await provider.schedulePickup({ providerShipmentId: created.providerShipmentId });
    expect(log.filter((line) => line.endsWith('/auth/login'))).toHaveLength(1);
    now += 2 * 24 * 3600_000;
    const pdf = await provider.label(created.providerShipmentId);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(log.filter((line) => line.endsWith('/auth/login'))).toHaveLength(2);
  });

  it('logs in again once when Shiprocket answers 401, and shares one login between concurrent calls', async () => {
    const carrier = new LoopbackCarrier();
    const log: string[] = [];
    let refusedOnce = false;
    const provider = createShiprocketProvider(carrier.credentials, {
      baseUrl: BASE,
      fetch: carrierFetch(carrier, log, (path) => {
        if (path === '/courier/assign/awb' && !refusedOnce) {
          refusedOnce = true;
          return Response.json({ message: 'Token has expired', status_code: 401 }, { status: 401 });
        }
        return null;
      }),
    });
    const [a, b] = await Promise.all([provider.createShipment(input), provider.createShipment({ ...input, reference: 'KG-261126-ABC124' })]);
    expect(log.filter((line) => line.endsWith('/auth/login'))).toHaveLength(1);
    await provider.assignAwb({ providerShipmentId: a.providerShipmentId });
    expect(log.filter((line) => line.endsWith('/auth/login'))).toHaveLength(2);
    expect(b.providerShipmentId).not.toBe(a.providerShipmentId);
  });

  it("turns Shiprocket's refusals into CarrierError with its words, and silence into one without a status", async () => {
    const carrier = new LoopbackCarrier();
    const provider = createShiprocketProvider(carrier.credentials, { baseUrl: BASE, fetch: carrierFetch(carrier) });
    const refused = await provider.createShipment({ ...input, address: { ...input.address, pincode: '56001' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CarrierError);
    expect((refused as CarrierError).refused).toBe(true);
    expect((refused as CarrierError).message).toBe('Oops! Invalid Data.: The billing pincode must be 6 digits.');
    const wrongPassword = createShiprocketProvider({ ...carrier.credentials, password: 'not-it' }, { baseUrl: BASE, fetch: carrierFetch(carrier) });
    await expect(wrongPassword.createShipment(input)).rejects.toMatchObject({ status: 400, message: 'Invalid email and password combination' });
    const silent = createShiprocketProvider(carrier.credentials, { baseUrl: BASE, fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const down = await silent.createShipment(input).catch((error: unknown) => error);
    expect(down).toMatchObject({ name: 'CarrierError', status: undefined });
    expect((down as CarrierError).refused).toBe(false);
  });
});

describe('Shiprocket tracking webhook', () => {
  it('reads the published sample payload as one event keyed by AWB, status and timestamp', () => {
    const event = parseTrackingWebhook({
      awb: '19041424751540',
      courier_name: 'Delhivery Surface',
      current_status: 'IN TRANSIT',
      current_status_id: 20,
      shipment_status: 'IN TRANSIT',
      shipment_status_id: 18,
      current_timestamp: '23 05 2023 11:43:52',
      order_id: '1373900_150876814',
      sr_order_id: 348456385,
      etd: '2023-05-23 15:40:19',
      scans: [
        {
          date: '2023-05-19 11:59:16',
          status: 'X-UCI',
          activity: 'Manifested - Manifest uploaded',
          location: 'Chomu_SamodRd_D (Rajasthan)',
          'sr-status': '5',
          'sr-status-label': 'MANIFEST GENERATED',
        },
        {
          date: '2023-05-19 15:32:17',
          status: 'X-PPOM',
          activity: 'In Transit - Shipment picked up',
          location: 'Chomu_SamodRd_D (Rajasthan)',
          'sr-status': '42',
          'sr-status-label': 'PICKED UP',
        },
      ],
      is_return: 0,
    });
    expect(event).toEqual({
      eventKey: '19041424751540:18:2023-05-23T06:13:52.000Z',
      awb: '19041424751540',
      kind: 'in_transit',
      carrierStatus: 'IN TRANSIT',
      carrierStatusId: 18,
      at: new Date('2023-05-23T06:13:52.000Z'),
      location: 'Chomu_SamodRd_D (Rajasthan)',
      activity: 'In Transit - Shipment picked up',
      edd: '2023-05-23',
      courierName: 'Delhivery Surface',
    });
    expect(parseTrackingWebhook({ awb: '1', current_timestamp: 'soon' })).toBeNull();
    expect(parseTrackingWebhook({ current_timestamp: '23 05 2023 11:43:52' })).toBeNull();
  });

  it('compares the token in constant time and refuses a missing or repeated header', () => {
    expect(tokenMatches('secret-token-123456', 'secret-token-123456')).toBe(true);
    expect(tokenMatches('secret-token-12345', 'secret-token-123456')).toBe(false);
    expect(tokenMatches(undefined, 'secret-token-123456')).toBe(false);
    expect(tokenMatches(['secret-token-123456'], 'secret-token-123456')).toBe(false);
  });
});
