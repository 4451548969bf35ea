/**
 * Shipment statuses and tracking event kinds as plain constants, without zod, so the storefront's browser code can
 * check answers against them without shipping the schemas (like order-statuses.ts). shipment.ts explains them.
 */

export const trackingEventKinds = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'failed_attempt', 'rto_initiated', 'rto_delivered'] as const;
export type TrackingEventKind = (typeof trackingEventKinds)[number];

export const shipmentStatuses = ['creating', 'awb_assigned', 'pickup_scheduled', ...trackingEventKinds, 'cancelled'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
