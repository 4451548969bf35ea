import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns every table carries: a random id (no dots, so it can prefix a cart item id) and two timestamps. */
export const commonColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** An image as the spec's clients expect it: `{ id, original }`, plus what the storefront needs to avoid layout shift. */
export interface StoredImage {
  id: string;
  original: string;
  thumbnail?: string;
  width: number;
  height: number;
  alt?: string;
}
