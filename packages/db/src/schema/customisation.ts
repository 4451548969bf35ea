import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { products } from './catalogue.ts';
import { orderLines } from './orders.ts';
import type { TemplateArea } from '@shop/domain/gift/personalisation';

/*
 * Personalisation (issue 5, docs/decisions/023). What a customer sent for an order line is one row of
 * order_line_customisations (the texts, one per unit) plus the photos: rows of customisation_uploads pointing at the
 * line, with their unit and place. A table of its own rather than columns of order_lines, so writing an order (a hot
 * path) never carries them.
 *
 * Photos. Each upload is re-encoded by the API and kept as two objects
 * in the object store (a display image and an 80x80 thumbnail) under random keys; this row says whose it is and,
 * once a customer sends their details, which order line and unit use it. An upload that no line uses after a day
 * is deleted by housekeeping (row and objects; objects only once no other row names them: a live preview's photo is
 * named by a row per unit of its line, decision 120).
 */

export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'heif';

export const customisationUploads = pgTable(
  'customisation_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer who uploaded it; only they and the shop's staff may see it. Null once the account is deleted. */
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Object-store keys, random (never a client's file name). */
    displayKey: text('display_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /** Content type of the display image (the thumbnail is always WebP). */
    displayType: text('display_type').notNull(),
    /** What was received: the sniffed format and its size in bytes, before re-encoding. */
    sourceFormat: text('source_format').$type<UploadFormat>().notNull(),
    sourceBytes: integer('source_bytes').notNull(),
    /** The display image's size in pixels (after EXIF rotation). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Set when sent with an order line's details: that line, the unit (0-based) and the photo's place in it. */
    lineId: uuid('line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    unit: integer('unit'),
    position: integer('position'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The order view reads a page of orders' photos by line; one photo per place. (No check tying unit/position to
    // line_id: deleting an order sets line_id null and leaves them, and the row is then unused like any other.)
    uniqueIndex('customisation_uploads_line_idx').on(t.lineId, t.unit, t.position),
    index('customisation_uploads_user_idx').on(t.userId),
    // A live preview's photo is named by a row per unit of its line (decision 120): housekeeping removes the stored
    // images only when no row names them any more, looked up by key.
    index('customisation_uploads_display_key_idx').on(t.displayKey),
    // Housekeeping finds the unused ones by age.
    index('customisation_uploads_unused_idx')
      .on(t.createdAt)
      .where(sql`${t.lineId} is null`),
  ],
);

export const orderLineCustomisations = pgTable('order_line_customisations', {
  lineId: uuid('line_id')
    .primaryKey()
    .references(() => orderLines.id, { onDelete: 'cascade' }),
  /** One text per ordered unit, in unit order ('' for a photo-only product). */
  texts: jsonb('texts').$type<string[]>().notNull(),
  /** When the customer last sent (or replaced) the details. */
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Live personalisation preview (issue 24, docs/decisions/107). A personalised product's template: which of its images
 * is the base photo (resolved to URL and pixel size when saved) and the areas on it, as the domain's schema validates
 * them. One row per product; gone with the product.
 */
export const personalisationTemplates = pgTable('personalisation_templates', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  baseImage: jsonb('base_image').$type<{ id: string; original: string; width: number; height: number }>().notNull(),
  areas: jsonb('areas').$type<TemplateArea[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the shopper chose on the product page for one order line: the texts per text box and photo ids per photo box
 * (also copied into order_line_customisations and customisation_uploads, so the dialog opens prefilled), and the
 * preview rendered in the browser, an upload of the shopper's kept for staff.
 */
export const orderLinePersonalisations = pgTable(
  'order_line_personalisations',
  {
    lineId: uuid('line_id')
      .primaryKey()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    photos: jsonb('photos').$type<Record<string, string>>().notNull(),
    /** The rendered preview (PNG from the canvas, re-encoded by the upload pipeline). Housekeeping keeps it. */
    previewUploadId: uuid('preview_upload_id').references(() => customisationUploads.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_line_personalisations_preview_idx').on(t.previewUploadId)],
);
