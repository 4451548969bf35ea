import { z } from 'zod';
import { coded } from '../field-errors.ts';
import { type Parcel, PARCEL_LIMITS, parcelSchema } from './shipment.ts';

/**
 * Parcel defaults (issue 22, decision 084). Each product may carry its own packed weight and box size; where it does
 * not (0), the shop's default parcel (site_settings.shipping_settings) stands in. "Ship" suggests one parcel for the
 * whole order: the lines' weights added up, in the largest box any line needs.
 */

export interface ShippingSettings {
  /** The parcel for a product with no parcel size of its own. */
  defaultParcel: Parcel;
}

export const DEFAULT_SHIPPING_SETTINGS: ShippingSettings = {
  defaultParcel: { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 },
};

export const shippingSettingsSchema = z.object({
  defaultParcel: parcelSchema,
});

/** The stored JSON (possibly empty or from an older version) with the defaults filled in. */
export function shippingSettingsOf(stored: Record<string, unknown> | null | undefined): ShippingSettings {
  const parsed = shippingSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_SHIPPING_SETTINGS;
}

/** A product's own parcel figures; 0 means "not set, use the shop's default". */
export interface ProductParcel {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** The per-product parcel columns as the back office edits them: whole numbers, 0 for "use the shop's default". */
export const productParcelSchema = z.object({
  weightGrams: z
    .number({ error: coded('shipment_parcel_weight_invalid') })
    .int({ error: coded('shipment_parcel_weight_invalid') })
    .min(0, { error: coded('shipment_parcel_weight_invalid') })
    .max(PARCEL_LIMITS.maxWeightGrams, { error: coded('shipment_parcel_weight_invalid') }),
  lengthCm: z
    .number()
    .int()
    .min(0)
    .max(PARCEL_LIMITS.maxSideCm, { error: coded('shipment_parcel_size_invalid') }),
  breadthCm: z
    .number()
    .int()
    .min(0)
    .max(PARCEL_LIMITS.maxSideCm, { error: coded('shipment_parcel_size_invalid') }),
  heightCm: z
    .number()
    .int()
    .min(0)
    .max(PARCEL_LIMITS.maxSideCm, { error: coded('shipment_parcel_size_invalid') }),
});

/** One order line's contribution: the product's parcel figures and how many were bought. */
export interface ParcelLine {
  quantity: number;
  product: ProductParcel | null;
}

/**
 * The one parcel "Ship" suggests: each unit weighs its product's weight (else the default's), and the box is the
 * largest any line's product needs on each side (else the default box). Clamped to the parcel limits, so the
 * suggestion is always a parcel the API accepts.
 */
export function suggestParcel(lines: readonly ParcelLine[], settings: ShippingSettings): Parcel {
  const fallback = settings.defaultParcel;
  let weight = 0;
  let length = 0;
  let breadth = 0;
  let height = 0;
  for (const line of lines) {
    const own = line.product;
    weight += (own && own.weightGrams > 0 ? own.weightGrams : fallback.weightGrams) * line.quantity;
    const sized = own && own.lengthCm > 0 && own.breadthCm > 0 && own.heightCm > 0;
    length = Math.max(length, sized ? own.lengthCm : fallback.lengthCm);
    breadth = Math.max(breadth, sized ? own.breadthCm : fallback.breadthCm);
    height = Math.max(height, sized ? own.heightCm : fallback.heightCm);
  }
  if (lines.length === 0) return { ...fallback };
  const clampSide = (cm: number) => Math.min(Math.max(cm, 1), PARCEL_LIMITS.maxSideCm);
  return {
    weightGrams: Math.min(Math.max(weight, 1), PARCEL_LIMITS.maxWeightGrams),
    lengthCm: clampSide(length),
    breadthCm: clampSide(breadth),
    heightCm: clampSide(height),
  };
}

/**
 * What the carrier is told about a multi-parcel shipment (one consignment, decision 084): the total weight and the
 * largest parcel's box, the figures couriers check at pickup for a single-AWB consignment.
 */
export function consignmentOf(parcels: readonly Parcel[]): Parcel {
  const largest = parcels.reduce((best, parcel) =>
    parcel.lengthCm * parcel.breadthCm * parcel.heightCm > best.lengthCm * best.breadthCm * best.heightCm ? parcel : best,
  );
  return {
    weightGrams: parcels.reduce((sum, parcel) => sum + parcel.weightGrams, 0),
    lengthCm: largest.lengthCm,
    breadthCm: largest.breadthCm,
    heightCm: largest.heightCm,
  };
}
