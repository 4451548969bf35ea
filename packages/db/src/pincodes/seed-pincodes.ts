import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { pincodes } from '../schema/delivery.ts';
import { loadIndiaPostDirectory, type PincodeRow } from './india-post-directory.ts';

/** Whether the pincode table has any row (then it is never seeded again: the back office's imports own it). */
export async function arePincodesSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ pincode: pincodes.pincode }).from(pincodes).limit(1);
  return rows.length > 0;
}

/**
 * Fills an empty pincode table in one statement: the rows travel as one JSON parameter and json_to_recordset spreads
 * them, so 19k rows need neither 19k round trips nor 115k bind parameters (PostgreSQL's limit is 65,535).
 * Returns how many rows were written (0 when the table already had rows).
 */
export async function seedPincodes(db: Database, given?: PincodeRow[]): Promise<number> {
  if (await arePincodesSeeded(db)) return 0;
  // Read (about 0.5 s for the 18 MB directory) only when the table is empty: a restart costs one indexed select.
  const rows = given ?? loadIndiaPostDirectory();
  await db.execute(sql`
    insert into pincodes (pincode, office, district, state, latitude, longitude)
    select pincode, office, district, state, latitude, longitude
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as r(pincode text, office text, district text, state text, latitude double precision, longitude double precision)
    on conflict (pincode) do nothing`);
  return rows.length;
}
