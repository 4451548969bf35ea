import { fieldRefusal } from '../lib/refusal.ts';

/** A pincode's row in the delivery directory, as far as placing an order asks (null: the directory does not know it). */
export interface PincodeService {
  serviceable: boolean;
  cod: boolean;
}

/**
 * At placement (issue 22): the address's pincode must be one our couriers deliver to, and cash on delivery needs a
 * pincode where they collect it (the carrier's serviceability file; the shop's own blocklist is checked with the other
 * COD controls). A pincode the directory does not know is let through: the 2015 directory lacks newer pincodes, and
 * refusing a real address for that would lose an order the courier can deliver. Placing an order reads the row in its
 * own first statement (orders/order-inputs.ts, decision 126), not in a query of its own.
 */
export function refuseUndeliverable(row: PincodeService | null, pincode: string, cashOnDelivery: boolean): void {
  if (!row) return;
  if (!row.serviceable) throw fieldRefusal('addressId', 'delivery_pincode_unserviceable', { pincode });
  if (cashOnDelivery && !row.cod) throw fieldRefusal('addressId', 'cod_pincode_blocked', { pincode });
}
