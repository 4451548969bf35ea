/**
 * `npm run seed -- [--products N] [--reset]`: migrates the database named by DATABASE_URL (or the
 * PGlite folder ${DATA_DIR:-./.data}/db) and seeds the catalogue into it.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connect, type DatabaseHandle } from '../client.ts';
import { migrate } from '../migrate.ts';
import { CliArgsError, parseCliArgs, usage } from './cli-args.ts';
import { CatalogueAlreadySeededError, seedCatalogue } from './index.ts';
import { processesUsingFolder } from './pglite-in-use.ts';
import { resetCatalogue } from './reset.ts';

function fail(message: string): never {
  process.stderr.write(`seed: ${message}\n`);
  process.exit(1);
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    fail('DATABASE_URL is not a valid URL (expected postgres://user@host:port/database)');
  }
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof CliArgsError) fail(error.message);
    throw error;
  }
  if (args.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }

  const dataDir = resolve(process.env.DATA_DIR || './.data');
  const mediaDir = join(dataDir, 'media');
  const url = process.env.DATABASE_URL || undefined;
  if (url && !/^postgres(ql)?:\/\//.test(url)) fail('DATABASE_URL must start with postgres:// or postgresql://');

  let handle: DatabaseHandle;
  if (url) {
    process.stdout.write(`seed: using ${describeUrl(url)}\n`);
    handle = await connect({ url, poolSize: 2 });
  } else {
    const pgliteDir = join(dataDir, 'db');
    if (existsSync(pgliteDir)) {
      const holders = await processesUsingFolder(pgliteDir);
      if (holders.length > 0) {
        fail(
          `the PGlite database in ${pgliteDir} is in use by process ${holders.join(', ')} (a running shop?). ` +
            'PGlite allows one process at a time: stop the shop first, then run the seed again.',
        );
      }
    }
    process.stdout.write(`seed: using PGlite in ${pgliteDir}\n`);
    try {
      handle = await connect({ dataDir: pgliteDir });
    } catch (error) {
      fail(`could not open the PGlite database in ${pgliteDir} (${(error as Error).message}). Is the shop running, or is the folder damaged?`);
    }
  }

  const started = Date.now();
  try {
    await migrate(handle);
    if (args.reset) {
      try {
        await resetCatalogue(handle.db);
      } catch (error) {
        fail(`--reset could not empty the catalogue tables: ${(error as Error).message}`);
      }
      process.stdout.write('seed: catalogue tables emptied\n');
    }
    const result = await seedCatalogue(handle.db, {
      mediaDir,
      products: args.products,
      log: (message) => process.stdout.write(`seed: ${message}\n`),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`seed: done: ${result.categories} categories, ${result.products} products in ${seconds} s (images in ${mediaDir})\n`);
  } catch (error) {
    if (error instanceof CatalogueAlreadySeededError) fail(`${error.message}`);
    throw error;
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
