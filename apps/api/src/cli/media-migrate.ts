/**
 * `npm run media:migrate`: copies the catalogue pictures in ${DATA_DIR:-./.data}/media into the S3-compatible bucket
 * that S3_* names, under media/, so every API machine serves them (decision 093). Safe to run again: pictures already
 * in the bucket are skipped. Prints how many were copied, already there and skipped.
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateMedia } from '../storage/migrate-media.ts';
import { S3Store } from '../storage/s3-store.ts';

function fail(message: string): never {
  process.stderr.write(`media:migrate: ${message}\n`);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (!config.s3) fail('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set: they name the bucket to copy into.');
if (!existsSync(config.mediaDir)) fail(`no media folder at ${config.mediaDir} (set DATA_DIR to the shop's data folder)`);

const store = new S3Store(config.s3);
try {
  process.stdout.write(`media:migrate: ${config.mediaDir} -> ${store.description}, media/\n`);
  const result = await migrateMedia(config.mediaDir, store, (done, total) => process.stdout.write(`media:migrate:   ${done} / ${total}\n`));
  process.stdout.write(`media:migrate: ${result.copied} copied, ${result.alreadyThere} already there, ${result.skipped.length} skipped\n`);
  for (const path of result.skipped.slice(0, 20)) process.stdout.write(`media:migrate:   skipped ${path} (not a media file name)\n`);
} catch (error) {
  fail((error as Error).message);
} finally {
  store.destroy();
}
