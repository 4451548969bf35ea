/**
 * Where the back office's shipping calls live (docs/shipping-api.md). Plain strings without zod, so a client leaf of the
 * back office (the label link, the manifest downloads) can take them too.
 */
const order = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/shipment`;

export const shippingApiPaths = {
  /** GET: { shipment, suggestedParcel, canShip }. POST { parcels?, courierId? }: ship the order. */
  orderShipment: order,
  /** GET: the label PDF (staff session cookie, same origin). */
  label: (id: string) => `${order(id)}/label`,
  /** POST { date? }: ask the courier to come. */
  pickup: (id: string) => `${order(id)}/pickup`,
  /** POST: ask the carrier for the parcel's tracking and apply what the webhooks missed. */
  track: (id: string) => `${order(id)}/track`,
  /** POST: cancel before pickup. */
  cancel: (id: string) => `${order(id)}/cancel`,
  /** POST { resaleable }: what became of a parcel that came back. */
  rto: (id: string) => `${order(id)}/rto`,
  /** GET ?status&page&limit: every shipment, newest first. */
  list: '/api/admin/shipments',
  /** POST { orderIds }: ship many orders with their default parcels. */
  bulk: '/api/admin/shipments/bulk',
  /** GET ?date&format=pdf|csv: the day's manifest. */
  manifest: (date: string, format: 'pdf' | 'csv') => `/api/admin/shipments/manifest?date=${encodeURIComponent(date)}&format=${format}`,
} as const;
