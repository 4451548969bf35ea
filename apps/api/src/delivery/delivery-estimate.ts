import { type Database, pincodes, products } from '@shop/db';
import type { CodSettings } from '@shop/domain/cod/cod-rules';
import type { DeliverySettings } from '@shop/domain/delivery/delivery-settings';
import { estimateDelivery } from '@shop/domain/delivery/delivery-estimate';
import { eq, inArray } from 'drizzle-orm';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';

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
  /** YYYY-MM-DD in India; null where the pincode is not serviceable. */
  earliest: string | null;
  latest: string | null;
}

const PINCODE = /^[1-9]\d{5}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pincode's directory row, or a refusal naming what is wrong with it (400: not six digits, or not known). */
export async function findPincode(db: Pick<Database, 'select'>, raw: string) {
  const pincode = raw.trim();
  if (!PINCODE.test(pincode)) throw fieldRefusal('pincode', 'delivery_pincode_invalid');
  const [row] = await db.select().from(pincodes).where(eq(pincodes.pincode, pincode)).limit(1);
  if (!row) throw fieldRefusal('pincode', 'delivery_pincode_unknown', { pincode });
  return row;
}

/**
 * The delivery promise for some products (or ready stock when none) to a pincode, at `now` (issue 22, decision 080).
 * The rules are the domain's; this reads the pincode, the products' making days and personalisation, and the settings.
 */
export async function estimateFor(
  db: Pick<Database, 'select'>,
  input: { pincode: string; lines: readonly EstimateLine[]; now: Date; settings: DeliverySettings; cod: CodSettings },
): Promise<DeliveryEstimate> {
  const place = await findPincode(db, input.pincode);
  const ids = [...new Set(input.lines.map((line) => line.productId.toLowerCase()))];
  if (ids.some((id) => !UUID.test(id))) throw new Refusal('product_not_found');
  const found =
    ids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            madeToOrderDays: products.madeToOrderDays,
            customizationType: products.customizationType,
            cod: products.cod,
            published: products.published,
          })
          .from(products)
          .where(inArray(products.id, ids));
  const byId = new Map(found.filter((product) => product.published).map((product) => [product.id, product]));
  if (byId.size !== ids.length) throw new Refusal('product_not_found');

  const lines = input.lines.map((line) => {
    const product = byId.get(line.productId.toLowerCase())!;
    return { madeToOrderDays: product.madeToOrderDays, personalisationPending: product.customizationType !== null && line.personalised !== true };
  });
  const base = { pincode: place.pincode, city: place.district, state: place.state };
  if (!place.serviceable) return { ...base, serviceable: false, cod: false, earliest: null, latest: null };
  const cod = place.cod && !input.cod.blockedPincodes.includes(place.pincode) && found.every((product) => product.cod);
  const dates = estimateDelivery(input.now, lines, { city: place.district, state: place.state, transitDays: place.transitDays }, input.settings);
  return { ...base, serviceable: true, cod, earliest: dates.earliest, latest: dates.latest };
}
