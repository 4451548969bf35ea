import { boolean, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * India's pincodes for the delivery promise (issue 22, decision 079): one row per pincode, seeded from India Post's
 * directory when the table is empty, then updated by a carrier's serviceability CSV in the back office.
 */
export const pincodes = pgTable('pincodes', {
  /** Six digits, kept as text so leading-digit rules and lookups stay exact. */
  pincode: text('pincode').primaryKey(),
  /** The head or sub post office of the pincode (the city shown to the shopper is its district). */
  office: text('office').notNull(),
  district: text('district').notNull(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Prepaid parcels are delivered here. */
  serviceable: boolean('serviceable').notNull().default(true),
  /** Cash on delivery is collected here (the shop's COD blocklist applies on top). */
  cod: boolean('cod').notNull().default(true),
  /** A carrier's zone letter or name, as its serviceability file says (shown to staff only). */
  zone: text('zone'),
  /** Transit days from the carrier's file; null: from the shop's zone table. */
  transitDays: integer('transit_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
