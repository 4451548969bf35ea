import { shipOrderRequestSchema } from '@shop/domain/shipping/shipment';
import { z } from 'zod';

/**
 * The "Ship" form (issue 22): the API's request with its parcels required. Staff always send parcels (the suggested
 * one, edited or not), so what ships is what they saw; the domain's parcel rules check them here and in the API.
 */
export const shipFormSchema = z.object({ parcels: shipOrderRequestSchema.shape.parcels.unwrap() });
export type ShipForm = z.infer<typeof shipFormSchema>;
