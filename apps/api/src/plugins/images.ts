import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { DecodeQueue } from '../customisation/decode-queue.ts';
import { type CheckedImage, checkUpload } from '../customisation/image-checks.ts';
import { type ProcessedImage, processImage } from '../customisation/process-image.ts';
import { Refusal } from '../lib/refusal.ts';

export interface ImageSettings {
  /** IMAGE_MAX_MEGAPIXELS: more pixels than this in a header is `too_many_pixels`, before any decoding. */
  maxMegapixels: number;
  /** IMAGE_DECODE_CONCURRENCY: images decoded at once by this process. */
  concurrency: number;
  /** IMAGE_QUEUE_LIMIT: images waiting for a decoder; one more is 503 `images_busy`. */
  queueLimit: number;
}

export const DEFAULT_IMAGE_SETTINGS: ImageSettings = { maxMegapixels: 25, concurrency: 2, queueLimit: 20 };

/** Seconds a refused upload is told to wait: a queue of twenty drains in a few seconds. */
const RETRY_AFTER_SECONDS = 5;

export interface Images {
  readonly maxPixels: number;
  readonly queue: DecodeQueue;
  /** Header checks (format, markup, pixel count), then the re-encode through the decode queue. */
  process(bytes: Buffer): Promise<{ checked: CheckedImage; image: ProcessedImage }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded images (customers' photos, the back office's product pictures) are checked and decoded here. */
    images: Images;
  }
}

/**
 * Image decoding with bounded memory (decision 047): every upload's header is checked first (a header declaring more
 * than IMAGE_MAX_MEGAPIXELS is refused before a pixel is decoded), then its decode waits in one queue per process.
 * libvips works each image with one thread (sharp.concurrency(1)): the queue, not libvips, decides how many images
 * are in memory at once, and two cores are not fought over by 2 × cores threads. sharp's operation cache is off:
 * no upload is decoded twice.
 */
export const imagesPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function images(app: FastifyInstance, options: Partial<ImageSettings>) {
    const settings = { ...DEFAULT_IMAGE_SETTINGS, ...options };
    sharp.concurrency(1);
    sharp.cache(false);
    const maxPixels = settings.maxMegapixels * 1_000_000;
    const queue = new DecodeQueue(settings.concurrency, settings.queueLimit);
    app.decorate('images', {
      maxPixels,
      queue,
      async process(bytes: Buffer) {
        const checked = await checkUpload(bytes, maxPixels);
        return { checked, image: await queue.run(() => processImage(bytes, checked, maxPixels)) };
      },
    });
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof Refusal && error.code === 'images_busy') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    });
  },
  { name: 'images' },
);
