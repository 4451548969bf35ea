/**
 * 60 parallel personalisation uploads (6 customers x 10 requests, one photo each) of a large but allowed image, in
 * one API process: peak RSS, wall time, CPU time and the answers (decision 047). Run from the repository root:
 *   npx tsx bench/image-uploads.mjs [megapixels=24] [queueLimit] [concurrency]
 * The API runs in this process (app.inject), on PGlite, so RSS is the API's own plus the test harness (~250 MB idle).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { anotherApp, authContext } from '../apps/api/test/auth/auth-helpers.ts';
import { upload } from '../apps/api/test/customisation/customisation-helpers.ts';
import { customer } from '../apps/api/test/orders/order-helpers.ts';

const megapixels = Number(process.argv[2] ?? 24);
const queueLimit = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const concurrency = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
const width = Math.round(Math.sqrt((megapixels * 1_000_000 * 3) / 2));
const height = Math.floor((megapixels * 1_000_000) / width);

// A PNG with a pattern: it compresses well, so the file is small and the decoded image is large. Made once and kept
// in the temporary folder, so making it does not count in this process's memory.
const file = join(tmpdir(), `bench-upload-${width}x${height}.png`);
if (!existsSync(file)) {
  const pattern = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pattern.fill((x ^ y) & 255, (y * width + x) * 3, (y * width + x) * 3 + 3);
  writeFileSync(
    file,
    await sharp(pattern, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  console.log(`made ${file}; run again to measure`);
  process.exit(0);
}
const image = readFileSync(file);

const ctx = await authContext('pglite');
const images = queueLimit === undefined ? undefined : { maxMegapixels: 25, queueLimit, concurrency: concurrency ?? 2 };
const app = images ? await anotherApp(ctx, { images }) : ctx.app;
const customers = [];
for (let i = 0; i < 6; i++) customers.push(await customer(ctx));
globalThis.gc?.();

const idle = process.memoryUsage().rss;
let peak = idle;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const cpuBefore = process.cpuUsage();
const started = performance.now();
const responses = await Promise.all(
  customers.flatMap((who) => Array.from({ length: 10 }, () => upload(app, who, [{ filename: 'big.png', contentType: 'image/png', body: image }]))),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(sampler);

const statuses = {};
for (const response of responses) {
  const key = `${response.statusCode} ${response.json().code ?? ''}`.trim();
  statuses[key] = (statuses[key] ?? 0) + 1;
}
const mb = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
console.log(
  JSON.stringify({
    image: `${width}x${height} PNG, ${Math.round(image.length / 1024)} KB`,
    settings: images ?? 'defaults',
    answers: statuses,
    wallSeconds: Number(seconds.toFixed(1)),
    cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
    idleRss: mb(idle),
    peakRss: mb(peak),
  }),
);
if (app !== ctx.app) await app.close();
await ctx.close();
