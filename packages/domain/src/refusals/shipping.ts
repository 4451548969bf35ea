import { defineRefusals } from './define.ts';

/** Refusals of shipments and carrier tracking (issue 22, decision 084). Back-office texts, plus the carrier's webhook. */
export const shippingRefusals = defineRefusals({
  shipment_parcel_weight_invalid: { status: 400, message: () => 'Enter the parcel weight in whole grams, from 1 to 30000' },
  shipment_parcel_size_invalid: { status: 400, message: () => 'Enter the parcel length, breadth and height in whole centimetres, from 1 to 150' },
  shipment_parcels_invalid: { status: 400, message: () => 'Give from 1 to 10 parcels' },
  shipment_courier_invalid: { status: 400, message: () => 'Courier must be the whole-number id of a courier the carrier offers' },
  shipment_bulk_invalid: { status: 400, message: () => 'Choose from 1 to 50 orders to ship' },
  shipment_pickup_date_invalid: { status: 400, message: () => 'Enter the pickup date as a real date, YYYY-MM-DD' },
  /** A real date, but not one a courier can be booked for: today to a few days ahead in India (pickup-window.ts, decision 147). */
  shipment_pickup_date_outside_window: {
    status: 422,
    message: (p: { from: string; to: string }) => `Choose a pickup date from ${p.from} to ${p.to}`,
    example: { from: '2026-11-28', to: '2026-12-01' },
  },
  shipment_manifest_date_invalid: { status: 400, message: () => 'Enter the manifest date as YYYY-MM-DD' },
  shipment_rto_resaleable_required: { status: 400, message: () => 'Say whether the returned items can be sold again' },
  /** Only confirmed, in-production and packed orders ship. */
  shipment_order_not_shippable: {
    status: 409,
    message: (p: { status: string }) => `An order that is ${p.status} cannot be shipped`,
    example: { status: 'cancelled' },
  },
  shipment_not_found: { status: 404, message: () => 'This order has no shipment' },
  /** Another request is creating this order's shipment with the carrier right now. */
  shipment_in_progress: { status: 409, message: () => 'This shipment is being created; try again in a moment' },
  shipment_no_awb: { status: 409, message: () => 'The shipment has no AWB number yet; ship it again to finish creating it' },
  shipment_not_cancellable: {
    status: 409,
    message: (p: { status: string }) => `A shipment that is ${p.status} cannot be cancelled`,
    example: { status: 'picked_up' },
  },
  shipment_manifest_empty: {
    status: 404,
    message: (p: { date: string }) => `No shipments are picked up on ${p.date}`,
    example: { date: '2026-11-26' },
  },
  shipment_rto_not_returned: { status: 409, message: () => 'The parcel is not back at the shop yet' },
  shipment_rto_already_resolved: { status: 409, message: () => 'This returned parcel was already dealt with' },
  /** The carrier answered and refused (its own words in `reason`). */
  shipment_carrier_refused: {
    status: 422,
    message: (p: { reason: string }) => `The carrier refused: ${p.reason}`,
    example: { reason: 'Invalid pincode' },
  },
  /** The carrier could not be reached or failed; nothing was lost, the same request may be sent again. */
  shipment_carrier_unavailable: { status: 503, message: () => 'The carrier is not answering; try again in a few minutes' },
  /** A tracking webhook without the shop's token (x-api-key). */
  shipment_webhook_unauthorised: { status: 401, message: () => 'Unknown webhook sender' },
  shipment_webhook_invalid: { status: 400, message: () => 'Not a tracking update' },
});
