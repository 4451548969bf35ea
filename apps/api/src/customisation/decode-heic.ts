import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface DecodedHeic {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Uint8Array;
}

/** Decodes at once per process: each holds a full-size RGBA image (48 MB for 12 megapixels) while it runs. */
const MAX_CONCURRENT = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A decode that takes longer is given up (the worker is stopped) and the photo refused as unreadable. */
export const HEIC_DECODE_TIMEOUT_MS = 60_000;

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Decodes a HEIC/HEIF file in a worker thread of its own: the WebAssembly decoder is synchronous and would otherwise
 * stop every other request of this process for seconds. One short-lived worker per photo keeps a crash or a runaway
 * decode contained (the worker is terminated), at the cost of loading the decoder each time (~0.1 s).
 */
export async function decodeHeicInWorker(bytes: Buffer): Promise<DecodedHeic> {
  const release = await slot();
  const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url), { workerData: { bytes } });
  try {
    return await new Promise<DecodedHeic>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('HEIC decode timed out')), HEIC_DECODE_TIMEOUT_MS);
      worker.once('message', (message: { error?: string } & Partial<DecodedHeic>) => {
        clearTimeout(timer);
        if (message.error !== undefined || !message.data || !message.width || !message.height) reject(new Error(`HEIC decode failed: ${message.error}`));
        else
          resolve({
            width: message.width,
            height: message.height,
            data: new Uint8Array(message.data.buffer, message.data.byteOffset, message.data.byteLength),
          });
      });
      worker.once('error', (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`HEIC decoder stopped (exit ${code})`));
      });
    });
  } finally {
    release();
    await worker.terminate();
  }
}
