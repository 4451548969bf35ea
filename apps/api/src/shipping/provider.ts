import type { OrderAddressSnapshot, PaymentMethodValue } from '@shop/db';
import type { Parcel } from '@shop/domain/shipping/shipment';
import type { TrackingEventKind } from '@shop/domain/shipping/statuses';

/**
 * The carrier seam (issue 22, decision 084): what the shop needs from a shipping aggregator. Shiprocket fills it
 * (shiprocket/shiprocket-provider.ts, its REST API with fetch: it publishes no SDK); the loopback carrier
 * (shiprocket/loopback-carrier.ts) answers the same requests in Shiprocket's shapes when no SHIPROCKET_* credentials
 * are set. Amounts cross the seam in paise; the adapter converts to the carrier's rupees.
 */

export type CarrierName = 'shiprocket';

export interface CarrierLine {
  name: string;
  sku: string;
  units: number;
  /** Paise per unit. */
  price: number;
}

export interface CreateShipmentInput {
  /** Our reference for the carrier's order (unique per carrier): the order number, suffixed after a cancellation. */
  reference: string;
  orderDate: Date;
  address: OrderAddressSnapshot;
  email: string;
  lines: CarrierLine[];
  paymentMethod: PaymentMethodValue;
  /** Paise the order is worth; for cash on delivery, what the courier collects. */
  total: number;
  /** The consignment as the carrier is told (total weight, largest box). */
  parcel: Parcel;
  /** Parcels in the consignment (the label says "1 of N"). */
  parcels: number;
}

export interface CreatedShipment {
  providerOrderId: string;
  providerShipmentId: string;
}

export interface AssignedAwb {
  awb: string;
  courierId: number | null;
  courierName: string;
}

export interface ScheduledPickup {
  /** YYYY-MM-DD (India) the courier comes; null when the carrier did not say. */
  scheduledFor: string | null;
  token: string | null;
}

/** One tracking update as the shop acts on it, whatever the carrier's shape. */
export interface CarrierEvent {
  /** The carrier's identity of this event: a redelivery has the same key. */
  eventKey: string;
  awb: string;
  kind: TrackingEventKind | null;
  carrierStatus: string;
  carrierStatusId: number | null;
  at: Date;
  location: string | null;
  activity: string | null;
  /** The carrier's estimated delivery date (YYYY-MM-DD) when it gave one. */
  edd: string | null;
  courierName: string | null;
}

export interface CarrierProvider {
  readonly name: CarrierName;
  createShipment(input: CreateShipmentInput): Promise<CreatedShipment>;
  assignAwb(input: { providerShipmentId: string; courierId?: number }): Promise<AssignedAwb>;
  /** The label PDF's bytes (the carrier makes it; we download it for staff). */
  label(providerShipmentId: string): Promise<Buffer>;
  schedulePickup(input: { providerShipmentId: string; date?: string }): Promise<ScheduledPickup>;
  /** The carrier's manifest PDF for these shipments (the courier's handover sheet). */
  manifest(providerShipmentIds: string[]): Promise<Buffer>;
  /** Cancels the carrier's order (and its AWB) before pickup. */
  cancel(input: { providerOrderId: string; awb: string | null }): Promise<void>;
  /** Every tracking event the carrier has for an AWB, oldest first (a reconciliation when webhooks were lost). */
  track(awb: string): Promise<CarrierEvent[]>;
  /** The webhook's token header compared with ours in constant time. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>): boolean;
  /** A verified webhook body as one event, or null when it is not a tracking update. */
  parseWebhook(body: unknown): CarrierEvent | null;
  /** The public tracking page for an AWB. */
  trackingUrl(awb: string): string;
}

/**
 * The carrier could not be reached, timed out, or refused. `status` is its HTTP status when it answered (a 4xx is a
 * request it will not accept: its words go to staff), undefined when it did not answer at all.
 */
export class CarrierError extends Error {
  override name = 'CarrierError';
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The carrier answered and refused (it will refuse the same request again). */
  get refused(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500;
  }
}
