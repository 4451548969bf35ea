import type { CodSettings } from '@shop/domain/cod/cod-rules';
import type { DeliverySettings } from '@shop/domain/delivery/delivery-settings';
import { estimateEachLine } from '@shop/domain/delivery/delivery-estimate';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';
import type { DeliveryLookups, PincodeRow } from './delivery-lookups.ts';

/** What the storefront asks about: a product, and whether the shopper has already given its personalisation. */
export interface EstimateLine {
  productId: string;
  personalised?: boolean;
}

export interface DeliveryEstimate {
  pincode: string;
  serviceable: boolean;
  /** Cash on delivery can be collected here for these products (the carrier, the shop's blocklist, each product). */
  cod: boolean;
  city: string;
  state: string;
  /** YYYY-MM-DD in India; null where the pincode is not serviceable. The order's: its latest line's. */
  earliest: string | null;
  latest: string | null;
}

/** One line's own promise, in the order the lines were asked (the cart and checkout show one per line). */
export interface LineEstimate {
  productId: string;
  earliest: string | null;
  latest: string | null;
}

const PINCODE = /^[1-9]\d{5}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pincode's directory row, or a refusal naming what is wrong with it (400: not six digits, or not known). */
export async function findPincode(lookups: DeliveryLookups, raw: string): Promise<PincodeRow> {
  const pincode = raw.trim();
  if (!PINCODE.test(pincode)) throw fieldRefusal('pincode', 'delivery_pincode_invalid');
  const row = await lookups.pincode(pincode);
  if (!row) throw fieldRefusal('pincode', 'delivery_pincode_unknown', { pincode });
  return row;
}

/**
 * The delivery promise for some products (or ready stock when none) to a pincode, at `now` (issue 22, decision 080):
 * the order's and each line's. The rules are the domain's; this reads the pincode, the products' making days and
 * personalisation, and takes the settings.
 */
export async function estimateFor(
  lookups: DeliveryLookups,
  input: { pincode: string; lines: readonly EstimateLine[]; now: Date; settings: DeliverySettings; cod: CodSettings },
): Promise<DeliveryEstimate & { lines: LineEstimate[] }> {
  const place = await findPincode(lookups, input.pincode);
  const ids = [...new Set(input.lines.map((line) => line.productId.toLowerCase()))];
  if (ids.some((id) => !UUID.test(id))) throw new Refusal('product_not_found');
  const found = await lookups.products(ids);
  const byId = new Map(found.filter((product) => product.published).map((product) => [product.id, product]));
  if (byId.size !== ids.length) throw new Refusal('product_not_found');

  const lines = input.lines.map((line) => {
    const product = byId.get(line.productId.toLowerCase())!;
    return { madeToOrderDays: product.madeToOrderDays, personalisationPending: product.customizationType !== null && line.personalised !== true };
  });
  const base = { pincode: place.pincode, city: place.district, state: place.state };
  if (!place.serviceable) {
    const none = input.lines.map((line) => ({ productId: line.productId, earliest: null, latest: null }));
    return { ...base, serviceable: false, cod: false, earliest: null, latest: null, lines: none };
  }
  const cod = place.cod && !input.cod.blockedPincodes.includes(place.pincode) && [...byId.values()].every((product) => product.cod);
  const destination = { city: place.district, state: place.state, transitDays: place.transitDays };
  const dates = estimateEachLine(input.now, lines, destination, input.settings);
  return {
    ...base,
    serviceable: true,
    cod,
    earliest: dates.order.earliest,
    latest: dates.order.latest,
    lines: input.lines.map((line, index) => ({ productId: line.productId, earliest: dates.lines[index]!.earliest, latest: dates.lines[index]!.latest })),
  };
}
