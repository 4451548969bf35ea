import { randomBytes, randomInt } from 'node:crypto';
import { formatShiprocketDateTime, formatShiprocketTimestamp, SHIPROCKET_KIND_STATUSES } from '@shop/domain/shipping/carrier-statuses';
import type { TrackingEventKind } from '@shop/domain/shipping/statuses';
import type {
  AdhocOrderRequest,
  AdhocOrderResponse,
  AssignAwbResponse,
  AuthLoginResponse,
  GenerateLabelResponse,
  GenerateManifestResponse,
  GeneratePickupResponse,
  ShiprocketError,
  ShiprocketScan,
  TrackAwbResponse,
  TrackingWebhook,
} from './entities.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { renderLabel, renderManifest } from './loopback-documents.ts';
import type { ShiprocketCredentials } from './shiprocket-provider.ts';

/**
 * The loopback carrier (decision 084): Shiprocket's API as far as the shop uses it, answered in Shiprocket's shapes
 * (entities.ts) from memory, so the real adapter (shiprocket-provider.ts, the same code that talks to Shiprocket)
 * runs offline in `npm start` and every test. The API serves it under LOOPBACK_SHIPROCKET_PREFIX while no
 * SHIPROCKET_* credentials are set (routes/dev-shipping); production refuses to start without them (config.ts).
 *
 * It checks what Shiprocket checks that matters here: the login, the Bearer token on every call, the pickup location's
 * nickname, required address fields and a 6-digit pincode, couriers it knows, and that an AWB exists before a label
 * or pickup. It also plays Shiprocket's webhook sender: `webhook` builds a tracking update for an AWB as Shiprocket
 * sends it (x-api-key with the panel's token), `journey` sends a scripted series of them through `deliver`.
 */

export const LOOPBACK_SHIPROCKET_PREFIX = '/api/dev/shiprocket';
/** Any address: the adapter reaches the loopback through the API's own router, never the network. */
export const LOOPBACK_SHIPROCKET_ORIGIN = 'http://shiprocket.loopback.invalid';

export interface LoopbackAnswer {
  status: number;
  body: unknown;
  /** A PDF document instead of JSON. */
  pdf?: Buffer;
}

/**
 * What a label is drawn from, kept in the object store (local disk or S3) when the AWB is assigned, under the label's
 * id and under the shipment's: after a restart, or in another API process on the same store, the label is generated
 * and drawn again from it, the same label (decision 112).
 */
interface StoredLabel {
  labelId: string;
  shipmentId: number;
  awb: string;
  courierName: string;
  order: AdhocOrderRequest;
}

const LABEL_PREFIX = 'loopback-shiprocket/labels';
const labelKey = (labelId: string) => `${LABEL_PREFIX}/label-${labelId}.json`;
const shipmentLabelKey = (shipmentId: number) => `${LABEL_PREFIX}/shipment-${shipmentId}.json`;

interface LoopbackShipment {
  orderId: number;
  shipmentId: number;
  order: AdhocOrderRequest;
  awb: string | null;
  courierId: number | null;
  courierName: string | null;
  pickupDate: string | null;
  pickupToken: string | null;
  /** The id in the label's URL (unguessable: the label carries the shopper's address), chosen with the AWB. */
  labelId: string | null;
  cancelled: boolean;
  scans: ShiprocketScan[];
  createdAt: Date;
}

/** Couriers the loopback offers (ids as Shiprocket's courier_company_id); the first is its own pick. */
export const LOOPBACK_COURIERS: ReadonlyMap<number, string> = new Map([
  [10, 'Delhivery Surface'],
  [33, 'Xpressbees Surface'],
  [54, 'Ekart Logistics'],
]);

/** Journeys the loopback can play: each a series of event kinds, an hour apart. */
export const LOOPBACK_JOURNEYS = {
  delivered: ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'],
  rto: ['picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'rto_initiated', 'rto_delivered'],
} as const satisfies Record<string, readonly TrackingEventKind[]>;
export type LoopbackJourney = keyof typeof LOOPBACK_JOURNEYS;

const error = (status: number, message: string, errors?: Record<string, string[]>): LoopbackAnswer => ({
  status,
  body: { message, status_code: status, ...(errors ? { errors } : {}) } satisfies ShiprocketError,
});
const ok = (body: unknown): LoopbackAnswer => ({ status: 200, body });

export class LoopbackCarrier {
  readonly credentials: ShiprocketCredentials;
  private readonly tokens = new Set<string>();
  private readonly byOrderRef = new Map<string, LoopbackShipment>();
  private readonly byShipment = new Map<number, LoopbackShipment>();
  private readonly byAwb = new Map<string, LoopbackShipment>();
  private readonly labels = new Map<string, number>();
  private readonly manifests = new Map<string, number[]>();
  private nextOrderId = 400_000_000 + randomInt(1_000_000);
  private nextShipmentId = 700_000_000 + randomInt(1_000_000);
  /** Calls answered 503 from now on (tests of a carrier that is down); 0: none. */
  downCalls = 0;
  /** Sends a tracking webhook to the shop's webhook route; set by the API once it is built. */
  deliver: ((payload: TrackingWebhook, token: string) => Promise<{ status: number; body: unknown }>) | null = null;
  /** How many API calls it answered, by path (tests check the adapter's token reuse). */
  readonly calls = new Map<string, number>();

  /**
   * `store`: where label data is kept so labels outlive this process (the API passes its object store); without
   * one (unit tests of the adapter) labels live as long as the carrier object.
   */
  constructor(
    webhookToken?: string,
    private readonly store?: ObjectStore,
  ) {
    this.credentials = {
      email: 'loopback-api@shop.test',
      password: randomBytes(18).toString('base64url'),
      pickupLocation: 'Primary',
      webhookToken: webhookToken ?? randomBytes(24).toString('base64url'),
    };
  }

  /** One API call, as Shiprocket would answer it. `path` is after /v1/external. */
  async handle(method: string, path: string, authorization: string | undefined, body: unknown): Promise<LoopbackAnswer> {
    this.calls.set(path.replace(/\/\d[\w.-]*$/, '/:id'), (this.calls.get(path.replace(/\/\d[\w.-]*$/, '/:id')) ?? 0) + 1);
    if (this.downCalls > 0) {
      this.downCalls--;
      return error(503, 'Service Unavailable');
    }
    if (method === 'POST' && path === '/auth/login') return this.login(body);
    if (method === 'GET' && path.startsWith('/documents/')) return this.document(path.slice('/documents/'.length));
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token)) return error(401, 'Token has expired');
    const input = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === '/orders/create/adhoc') return this.createOrder(input);
    if (method === 'POST' && path === '/courier/assign/awb') return this.assignAwb(input);
    if (method === 'POST' && path === '/courier/generate/label') return await this.label(input);
    if (method === 'POST' && path === '/courier/generate/pickup') return this.pickup(input);
    if (method === 'POST' && path === '/manifests/generate') return this.manifest(input);
    if (method === 'POST' && path === '/orders/cancel') return this.cancel(input);
    const track = /^\/courier\/track\/awb\/([^/]+)$/.exec(path);
    if (method === 'GET' && track) return this.track(decodeURIComponent(track[1]!));
    return error(404, 'Not found');
  }

  private login(body: unknown): LoopbackAnswer {
    const { email, password } = (body ?? {}) as { email?: unknown; password?: unknown };
    if (email !== this.credentials.email || password !== this.credentials.password) return error(400, 'Invalid email and password combination');
    const token = `${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    this.tokens.add(token);
    const answer: AuthLoginResponse = {
      id: 1,
      first_name: 'Loopback',
      last_name: 'API',
      email: this.credentials.email,
      company_id: 1,
      created_at: new Date().toISOString(),
      token,
    };
    return ok(answer);
  }

  private createOrder(input: Record<string, unknown>): LoopbackAnswer {
    const order = input as unknown as AdhocOrderRequest;
    const missing = (
      [
        'order_id',
        'order_date',
        'pickup_location',
        'billing_customer_name',
        'billing_address',
        'billing_city',
        'billing_pincode',
        'billing_state',
        'billing_country',
        'billing_phone',
        'payment_method',
      ] as const
    ).filter((field) => typeof input[field] !== 'string' || input[field].trim() === '');
    const errors: Record<string, string[]> = Object.fromEntries(missing.map((field) => [field, [`The ${field.replaceAll('_', ' ')} field is required.`]]));
    if (!missing.includes('billing_pincode') && !/^\d{6}$/.test(order.billing_pincode)) errors.billing_pincode = ['The billing pincode must be 6 digits.'];
    if (!Array.isArray(order.order_items) || order.order_items.length === 0) errors.order_items = ['The order items field is required.'];
    for (const field of ['weight', 'length', 'breadth', 'height', 'sub_total'] as const) {
      if (typeof order[field] !== 'number' || !(order[field] > 0)) errors[field] = [`The ${field.replace('_', ' ')} must be greater than 0.`];
    }
    if (Object.keys(errors).length > 0) return error(422, 'Oops! Invalid Data.', errors);
    if (order.pickup_location !== this.credentials.pickupLocation) {
      return error(422, `Wrong Pickup location entered. Please choose one location from data given`);
    }
    // The same order_id again answers the order made the first time (a retry after a lost answer).
    let shipment = this.byOrderRef.get(order.order_id);
    if (!shipment || shipment.cancelled) {
      shipment = {
        orderId: this.nextOrderId++,
        shipmentId: this.nextShipmentId++,
        order,
        awb: null,
        courierId: null,
        courierName: null,
        pickupDate: null,
        pickupToken: null,
        labelId: null,
        cancelled: false,
        scans: [],
        createdAt: new Date(),
      };
      this.byOrderRef.set(order.order_id, shipment);
      this.byShipment.set(shipment.shipmentId, shipment);
    }
    const answer: AdhocOrderResponse = {
      order_id: shipment.orderId,
      shipment_id: shipment.shipmentId,
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: shipment.awb,
      courier_company_id: shipment.courierId,
      courier_name: shipment.courierName,
    };
    return ok(answer);
  }

  private shipmentOf(id: unknown): LoopbackShipment | undefined {
    const shipment = this.byShipment.get(Number(Array.isArray(id) ? id[0] : id));
    return shipment && !shipment.cancelled ? shipment : undefined;
  }

  private async assignAwb(input: Record<string, unknown>): Promise<LoopbackAnswer> {
    const shipment = this.shipmentOf(input.shipment_id);
    if (!shipment) return error(400, 'Shipment id does not exist');
    const courierId = input.courier_id === undefined ? 10 : Number(input.courier_id);
    const courierName = LOOPBACK_COURIERS.get(courierId);
    if (!courierName) return error(400, `Selected courier is not serviceable for this shipment`);
    if (!shipment.awb) {
      // Fourteen digits, as Delhivery's AWBs are.
      shipment.awb = `1904${String(randomInt(10_000_000_000)).padStart(10, '0')}`;
      shipment.courierId = courierId;
      shipment.courierName = courierName;
      shipment.labelId = randomBytes(12).toString('hex');
      this.byAwb.set(shipment.awb, shipment);
      await this.keepLabel(shipment);
    }
    const now = new Date();
    const answer: AssignAwbResponse = {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: shipment.courierId!,
          awb_code: shipment.awb,
          cod: shipment.order.payment_method === 'COD' ? 1 : 0,
          order_id: shipment.orderId,
          shipment_id: shipment.shipmentId,
          awb_code_status: 1,
          assigned_date_time: { date: formatShiprocketDateTime(now), timezone_type: 3, timezone: 'Asia/Kolkata' },
          applied_weight: shipment.order.weight,
          company_id: 1,
          courier_name: shipment.courierName!,
          child_courier_name: null,
          routing_code: `LB/${shipment.order.billing_pincode.slice(0, 3)}`,
          rto_routing_code: 'LB/RTO',
          invoice_no: shipment.order.order_id,
          transporter_id: '',
          transporter_name: '',
          shipped_by: { shipper_company_name: 'Loopback', shipper_address_1: shipment.order.pickup_location },
        },
      },
    };
    return ok(answer);
  }

  /** Keeps what the shipment's label is drawn from in the object store (when there is one). */
  private async keepLabel(shipment: LoopbackShipment): Promise<void> {
    if (!this.store || !shipment.awb || !shipment.labelId) return;
    const stored: StoredLabel = {
      labelId: shipment.labelId,
      shipmentId: shipment.shipmentId,
      awb: shipment.awb,
      courierName: shipment.courierName ?? 'Courier',
      order: shipment.order,
    };
    const body = Buffer.from(JSON.stringify(stored));
    await this.store.put(labelKey(shipment.labelId), body, 'application/json');
    await this.store.put(shipmentLabelKey(shipment.shipmentId), body, 'application/json');
  }

  private async storedLabel(key: string): Promise<StoredLabel | null> {
    if (!this.store) return null;
    const found = await this.store.get(key);
    return found ? (JSON.parse(found.body.toString('utf8')) as StoredLabel) : null;
  }

  private async label(input: Record<string, unknown>): Promise<LoopbackAnswer> {
    const shipmentId = Number(Array.isArray(input.shipment_id) ? input.shipment_id[0] : input.shipment_id);
    const shipment = this.shipmentOf(input.shipment_id);
    // Made by this process, or (after a restart, or by another API process) known from the object store.
    const id =
      shipment?.awb && shipment.labelId
        ? shipment.labelId
        : shipment
          ? null
          : Number.isSafeInteger(shipmentId)
            ? ((await this.storedLabel(shipmentLabelKey(shipmentId)))?.labelId ?? null)
            : null;
    if (!id) {
      const answer: GenerateLabelResponse = { label_created: 0, label_url: '', response: 'AWB not assigned', not_created: [String(input.shipment_id)] };
      return ok(answer);
    }
    if (shipment) this.labels.set(id, shipment.shipmentId);
    const answer: GenerateLabelResponse = {
      label_created: 1,
      label_url: `${LOOPBACK_SHIPROCKET_ORIGIN}${LOOPBACK_SHIPROCKET_PREFIX}/v1/external/documents/label-${id}.pdf`,
      response: 'Label has been created and uploaded successfully!',
      not_created: [],
    };
    return ok(answer);
  }

  private pickup(input: Record<string, unknown>): LoopbackAnswer {
    const shipment = this.shipmentOf(input.shipment_id);
    if (!shipment?.awb) return error(400, 'Please assign AWB before generating pickup');
    if (!shipment.pickupDate) {
      const asked = Array.isArray(input.pickup_date) ? String(input.pickup_date[0]) : undefined;
      const tomorrow = new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
      shipment.pickupDate = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : tomorrow;
      shipment.pickupToken = `Reference No: ${randomInt(100_000_000)}`;
      shipment.scans.push(this.scan('pickup_scheduled', new Date(), 'Pickup scheduled'));
    }
    const answer: GeneratePickupResponse = {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: `${shipment.pickupDate} 10:00:00`,
        pickup_token_number: shipment.pickupToken!,
        status: 3,
        others: '',
        pickup_generated_date: { date: formatShiprocketDateTime(new Date()), timezone_type: 3, timezone: 'Asia/Kolkata' },
        data: 'Pickup is scheduled',
      },
    };
    return ok(answer);
  }

  private manifest(input: Record<string, unknown>): LoopbackAnswer {
    const ids = (Array.isArray(input.shipment_id) ? input.shipment_id : [input.shipment_id]).map(Number);
    const known = ids.filter((id) => this.shipmentOf(id)?.awb);
    if (known.length === 0) return error(400, 'No shipments found to generate manifest');
    const id = randomBytes(12).toString('hex');
    this.manifests.set(id, known);
    const answer: GenerateManifestResponse = {
      status: 1,
      manifest_url: `${LOOPBACK_SHIPROCKET_ORIGIN}${LOOPBACK_SHIPROCKET_PREFIX}/v1/external/documents/manifest-${id}.pdf`,
    };
    return ok(answer);
  }

  private cancel(input: Record<string, unknown>): LoopbackAnswer {
    const ids = Array.isArray(input.ids) ? input.ids.map(Number) : [];
    if (ids.length === 0) return error(422, 'Oops! Invalid Data.', { ids: ['The ids field is required.'] });
    for (const shipment of this.byShipment.values()) {
      if (!ids.includes(shipment.orderId)) continue;
      if (shipment.scans.some((scan) => Number(scan['sr-status']) === SHIPROCKET_KIND_STATUSES.picked_up.id)) {
        return error(400, 'Order cannot be cancelled after pickup');
      }
      shipment.cancelled = true;
    }
    return ok({ status: 200, message: 'Order cancelled successfully.' });
  }

  private track(awb: string): LoopbackAnswer {
    const shipment = this.byAwb.get(awb);
    if (!shipment) return error(404, 'AWB not found');
    const answer: TrackAwbResponse = {
      tracking_data: {
        track_status: 1,
        shipment_status: Number(shipment.scans.at(-1)?.['sr-status'] ?? 0),
        shipment_track: [
          {
            id: shipment.shipmentId,
            awb_code: awb,
            courier_company_id: shipment.courierId ?? 0,
            shipment_id: shipment.shipmentId,
            order_id: shipment.orderId,
            pickup_date: null,
            delivered_date: null,
            weight: String(shipment.order.weight),
            packages: 1,
            current_status: shipment.scans.at(-1)?.['sr-status-label'] ?? 'AWB ASSIGNED',
            delivered_to: shipment.order.billing_city,
            destination: shipment.order.billing_city,
            consignee_name: shipment.order.billing_customer_name,
            origin: shipment.order.pickup_location,
            courier_agent_details: null,
            edd: null,
          },
        ],
        shipment_track_activities: [...shipment.scans].reverse(),
        track_url: `https://shiprocket.co/tracking/${awb}`,
        etd: this.etd(shipment),
      },
    };
    return ok(answer);
  }

  private async document(name: string): Promise<LoopbackAnswer> {
    const label = /^label-([0-9a-f]{24})\.pdf$/.exec(name);
    const shipment = label ? this.byShipment.get(this.labels.get(label[1]!) ?? -1) : undefined;
    const drawn: Omit<StoredLabel, 'labelId'> | null = shipment?.awb
      ? { awb: shipment.awb, courierName: shipment.courierName ?? 'Courier', order: shipment.order, shipmentId: shipment.shipmentId }
      : label
        ? await this.storedLabel(labelKey(label[1]!))
        : null;
    if (drawn) {
      return {
        status: 200,
        body: null,
        pdf: await renderLabel({ ...drawn, routingCode: `LB/${drawn.order.billing_pincode.slice(0, 3)}` }),
      };
    }
    const manifest = /^manifest-([0-9a-f]{24})\.pdf$/.exec(name);
    const ids = manifest ? this.manifests.get(manifest[1]!) : undefined;
    if (ids) {
      const entries = ids.flatMap((id) => {
        const entry = this.byShipment.get(id);
        return entry?.awb ? [{ awb: entry.awb, courierName: entry.courierName ?? '', order: entry.order }] : [];
      });
      return { status: 200, body: null, pdf: await renderManifest(entries, new Date()) };
    }
    return error(404, 'Not found');
  }

  /** The estimated delivery: four days after the order was made, at six in the evening. */
  private etd(shipment: LoopbackShipment): string {
    return `${new Date(shipment.createdAt.getTime() + 330 * 60_000 + 4 * 86_400_000).toISOString().slice(0, 10)} 18:00:00`;
  }

  private scan(kind: TrackingEventKind | 'pickup_scheduled', at: Date, activity: string): ShiprocketScan {
    const status = kind === 'pickup_scheduled' ? { id: 4, label: 'PICKUP SCHEDULED' } : SHIPROCKET_KIND_STATUSES[kind];
    return {
      date: formatShiprocketDateTime(at),
      status: status.label,
      activity,
      location: 'Loopback hub (Delhi)',
      'sr-status': String(status.id),
      'sr-status-label': status.label,
    };
  }

  /** The webhook Shiprocket sends when `kind` happens to the parcel with this AWB at `at` (recorded in its scans). */
  webhook(awb: string, kind: TrackingEventKind, at: Date = new Date()): TrackingWebhook {
    const shipment = this.byAwb.get(awb);
    if (!shipment) throw new Error(`loopback carrier: no shipment with AWB ${awb}`);
    const status = SHIPROCKET_KIND_STATUSES[kind];
    const scan = this.scan(kind, at, status.label.charAt(0) + status.label.slice(1).toLowerCase());
    if (!shipment.scans.some((known) => known.date === scan.date && known['sr-status'] === scan['sr-status'])) shipment.scans.push(scan);
    return {
      awb,
      courier_name: shipment.courierName ?? '',
      current_status: status.label,
      current_status_id: status.id,
      shipment_status: status.label,
      shipment_status_id: status.id,
      current_timestamp: formatShiprocketTimestamp(at),
      order_id: shipment.order.order_id,
      sr_order_id: shipment.orderId,
      awb_assigned_date: formatShiprocketDateTime(shipment.createdAt),
      pickup_scheduled_date: shipment.pickupDate ? `${shipment.pickupDate} 10:00:00` : null,
      etd: this.etd(shipment),
      scans: [...shipment.scans].sort((a, b) => a.date.localeCompare(b.date)),
      is_return: kind.startsWith('rto') ? 1 : 0,
      channel_id: 1,
      pod_status: kind === 'delivered' ? 'OTP Based Delivery' : '',
      pod: 'Not Available',
    };
  }

  /** Sends the journey's updates for this AWB, an hour apart from `start`, each to the shop's webhook route. */
  async journey(
    awb: string,
    journey: LoopbackJourney,
    start: Date = new Date(Date.now() - 6 * 3600_000),
  ): Promise<Array<{ kind: TrackingEventKind; status: number; body: unknown }>> {
    if (!this.deliver) throw new Error('loopback carrier: no webhook route to deliver to');
    const sent: Array<{ kind: TrackingEventKind; status: number; body: unknown }> = [];
    let index = 0;
    for (const kind of LOOPBACK_JOURNEYS[journey]) {
      const answer = await this.deliver(this.webhook(awb, kind, new Date(start.getTime() + index++ * 3600_000)), this.credentials.webhookToken);
      sent.push({ kind, ...answer });
    }
    return sent;
  }

  hasAwb(awb: string): boolean {
    return this.byAwb.has(awb);
  }
}
