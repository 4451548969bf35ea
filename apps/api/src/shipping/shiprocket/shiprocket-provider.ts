import { shiprocketKind, parseShiprocketTime, shiprocketDate } from '@shop/domain/shipping/carrier-statuses';
import { CarrierError, type CarrierEvent, type CarrierProvider, type CreateShipmentInput } from '../provider.ts';
import type {
  AdhocOrderRequest,
  AdhocOrderResponse,
  AssignAwbResponse,
  AuthLoginResponse,
  GenerateLabelResponse,
  GenerateManifestResponse,
  GeneratePickupResponse,
  ShiprocketError,
  TrackAwbResponse,
} from './entities.ts';
import { parseTrackingWebhook, shiprocketEventKey, tokenMatches } from './webhook.ts';

export const SHIPROCKET_API_URL = 'https://apiv2.shiprocket.in';

export interface ShiprocketCredentials {
  email: string;
  password: string;
  /** The pickup location's nickname exactly as set up in the Shiprocket panel. */
  pickupLocation: string;
  /** The token set with the webhook in the Shiprocket panel (sent back as x-api-key). */
  webhookToken: string;
}

export interface ShiprocketOptions {
  /** Another Shiprocket API (the loopback carrier); default https://apiv2.shiprocket.in. */
  baseUrl?: string;
  /** fetch, or a stand-in (the loopback carrier is reached through the API's own router). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/** Shiprocket's token lives 10 days; we log in again after 9 so a call never meets an expired one. */
const TOKEN_LIFE_MS = 9 * 24 * 3600 * 1000;
const RUPEES = (paise: number) => Math.round(paise) / 100;

/** "YYYY-MM-DD HH:mm" in India time, as Shiprocket wants its order_date. */
function orderDate(date: Date): string {
  const ist = new Date(date.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 16)}`;
}

/** Our order as Shiprocket's adhoc order: one consignment, billing = shipping, money in rupees, weight in kg. */
export function adhocOrder(input: CreateShipmentInput, pickupLocation: string): AdhocOrderRequest {
  const [first, ...rest] = input.address.name.trim().split(/\s+/);
  return {
    order_id: input.reference,
    order_date: orderDate(input.orderDate),
    pickup_location: pickupLocation,
    billing_customer_name: first ?? input.address.name,
    billing_last_name: rest.join(' '),
    billing_address: input.address.line1,
    billing_address_2: [input.address.line2, input.address.landmark].filter(Boolean).join(', '),
    billing_city: input.address.city,
    billing_pincode: input.address.pincode,
    billing_state: input.address.state,
    billing_country: 'India',
    billing_email: input.email,
    billing_phone: input.address.mobile,
    shipping_is_billing: true,
    order_items: input.lines.map((line) => ({ name: line.name, sku: line.sku, units: line.units, selling_price: RUPEES(line.price) })),
    payment_method: input.paymentMethod === 'cod' ? 'COD' : 'Prepaid',
    sub_total: RUPEES(input.total),
    length: input.parcel.lengthCm,
    breadth: input.parcel.breadthCm,
    height: input.parcel.heightCm,
    weight: input.parcel.weightGrams / 1000,
  };
}

/**
 * Shiprocket through its REST API (decision 084). Logs in with the API user's e-mail and password, keeps the token
 * and logs in again before its 10 days run out, or once when a call answers 401. Errors become CarrierError with
 * Shiprocket's own message.
 */
export function createShiprocketProvider(credentials: ShiprocketCredentials, options: ShiprocketOptions = {}): CarrierProvider {
  const base = `${(options.baseUrl ?? SHIPROCKET_API_URL).replace(/\/$/, '')}/v1/external`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  let token: { value: string; until: number } | null = null;
  let loggingIn: Promise<string> | null = null;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new CarrierError(`Shiprocket did not answer (${error instanceof Error ? error.message : 'network error'})`, undefined, { cause: error });
    }
  }

  async function failure(response: Response): Promise<CarrierError> {
    const body = (await response.json().catch(() => null)) as ShiprocketError | null;
    const fields = body?.errors ? Object.values(body.errors).flat().join('; ') : '';
    const message = [body?.message, fields].filter(Boolean).join(': ') || `HTTP ${response.status}`;
    return new CarrierError(message.slice(0, 300), response.status);
  }

  async function login(): Promise<string> {
    const response = await send(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: credentials.email, password: credentials.password }),
    });
    if (!response.ok) throw await failure(response);
    const body = (await response.json()) as AuthLoginResponse;
    if (typeof body.token !== 'string' || body.token === '') throw new CarrierError('Shiprocket login answered without a token', response.status);
    token = { value: body.token, until: now() + TOKEN_LIFE_MS };
    return body.token;
  }

  /** One login at a time: concurrent calls share it. */
  function currentToken(): Promise<string> {
    if (token && token.until > now()) return Promise.resolve(token.value);
    loggingIn ??= login().finally(() => (loggingIn = null));
    return loggingIn;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await currentToken();
      const response = await send(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // A token Shiprocket no longer takes (revoked, or the password changed): log in again, once.
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (!response.ok) throw await failure(response);
      return (await response.json()) as T;
    }
  }

  async function download(url: string): Promise<Buffer> {
    const response = await send(url, { method: 'GET' });
    if (!response.ok) throw new CarrierError(`Shiprocket's document could not be downloaded (HTTP ${response.status})`, response.status);
    return Buffer.from(await response.arrayBuffer());
  }

  return {
    name: 'shiprocket',
    async createShipment(input) {
      const created = await call<AdhocOrderResponse>('POST', '/orders/create/adhoc', adhocOrder(input, credentials.pickupLocation));
      if (!created.order_id || !created.shipment_id) throw new CarrierError(`Shiprocket did not create the order (${created.status ?? 'no status'})`, 422);
      return { providerOrderId: String(created.order_id), providerShipmentId: String(created.shipment_id) };
    },
    async assignAwb({ providerShipmentId, courierId }) {
      const assigned = await call<AssignAwbResponse>('POST', '/courier/assign/awb', {
        shipment_id: providerShipmentId,
        ...(courierId ? { courier_id: courierId } : {}),
      });
      const data = assigned.response?.data;
      if (assigned.awb_assign_status !== 1 || !data?.awb_code) throw new CarrierError('Shiprocket assigned no AWB to the shipment', 422);
      return { awb: data.awb_code, courierId: data.courier_company_id ?? null, courierName: data.courier_name };
    },
    async label(providerShipmentId) {
      const label = await call<GenerateLabelResponse>('POST', '/courier/generate/label', { shipment_id: [providerShipmentId] });
      if (label.label_created !== 1 || !label.label_url) throw new CarrierError(`Shiprocket made no label (${label.response ?? 'no reason given'})`, 422);
      return download(label.label_url);
    },
    async schedulePickup({ providerShipmentId, date }) {
      const pickup = await call<GeneratePickupResponse>('POST', '/courier/generate/pickup', {
        shipment_id: [providerShipmentId],
        ...(date ? { pickup_date: [date] } : {}),
      });
      if (pickup.pickup_status !== 1) throw new CarrierError(`Shiprocket did not schedule the pickup (${pickup.response?.data ?? 'no reason given'})`, 422);
      return { scheduledFor: shiprocketDate(pickup.response.pickup_scheduled_date), token: pickup.response.pickup_token_number || null };
    },
    async manifest(providerShipmentIds) {
      const manifest = await call<GenerateManifestResponse>('POST', '/manifests/generate', { shipment_id: providerShipmentIds });
      if (!manifest.manifest_url) throw new CarrierError('Shiprocket made no manifest', 422);
      return download(manifest.manifest_url);
    },
    async cancel({ providerOrderId }) {
      await call<unknown>('POST', '/orders/cancel', { ids: [providerOrderId] });
    },
    async track(awb) {
      const tracked = await call<TrackAwbResponse>('GET', `/courier/track/awb/${encodeURIComponent(awb)}`);
      const edd = shiprocketDate(tracked.tracking_data?.etd ?? tracked.tracking_data?.shipment_track?.[0]?.edd);
      const events: CarrierEvent[] = [];
      for (const scan of tracked.tracking_data?.shipment_track_activities ?? []) {
        const at = parseShiprocketTime(scan.date);
        if (!at) continue;
        const id = Number(scan['sr-status']);
        events.push({
          eventKey: shiprocketEventKey(awb, Number.isFinite(id) ? id : scan['sr-status-label'], at),
          awb,
          kind: shiprocketKind(Number.isFinite(id) ? id : null),
          carrierStatus: scan['sr-status-label'] || scan.status,
          carrierStatusId: Number.isFinite(id) ? id : null,
          at,
          location: scan.location || null,
          activity: scan.activity || null,
          edd,
          courierName: null,
        });
      }
      return events.sort((a, b) => a.at.getTime() - b.at.getTime());
    },
    verifyWebhook(headers) {
      return tokenMatches(headers['x-api-key'], credentials.webhookToken);
    },
    parseWebhook: parseTrackingWebhook,
    trackingUrl(awb) {
      return `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;
    },
  };
}
