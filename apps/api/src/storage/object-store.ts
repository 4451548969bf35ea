/**
 * Where uploaded files live (issue 5): local disk under $DATA_DIR/uploads by default, an S3-compatible bucket when
 * S3_* is set. Keys are random names chosen by the API, never a client's file name; nothing here is under a web
 * root, every read goes through a route that checks who is asking.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface ObjectStore {
  /** Writes (or overwrites) one object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Reads one object; null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether an object is stored under this key, without reading it (media:migrate skips what is there). */
  exists(key: string): Promise<boolean>;
  /** Removes one object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** What the health and start-up logs call this store, e.g. "local disk ./.data/uploads" or "s3 bucket shop-uploads". */
  readonly description: string;
}

/** Keys are `<prefix>/<uuid>.<ext>`-like paths of safe characters only; anything else is a programming error. */
export const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;
