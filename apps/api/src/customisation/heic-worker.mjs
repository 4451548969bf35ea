// Decodes one HEIC/HEIF image off the main thread (heic-decode is libheif compiled to WebAssembly and runs
// synchronously: seconds for a 12-megapixel phone photo). Plain JavaScript so it runs the same under tsx, vitest and
// node. Receives the file's bytes, answers { width, height, data } (RGBA) or { error }.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

try {
  const { width, height, data } = await decode({ buffer: workerData.bytes });
  parentPort.postMessage({ width, height, data }, [data.buffer]);
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
