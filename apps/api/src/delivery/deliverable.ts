import { type Database, pincodes } from '@shop/db';
import { eq } from 'drizzle-orm';
import { fieldRefusal } from '../lib/refusal.ts';

/**
 * At placement (issue 22): the address's pincode must be one our couriers deliver to, and cash on delivery needs a
 * pincode where they collect it (the carrier's serviceability file; the shop's own blocklist is checked with the other
 * COD controls). A pincode the directory does not know is let through: the 2015 directory lacks newer pincodes, and
 * refusing a real address for that would lose an order the courier can deliver.
 */
export async function checkDeliverable(db: Pick<Database, 'select'>, pincode: string, cashOnDelivery: boolean): Promise<void> {
  const [row] = await db.select({ serviceable: pincodes.serviceable, cod: pincodes.cod }).from(pincodes).where(eq(pincodes.pincode, pincode)).limit(1);
  if (!row) return;
  if (!row.serviceable) throw fieldRefusal('addressId', 'delivery_pincode_unserviceable', { pincode });
  if (cashOnDelivery && !row.cod) throw fieldRefusal('addressId', 'cod_pincode_blocked', { pincode });
}
