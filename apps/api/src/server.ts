import { connect, migrate, type DatabaseHandle } from '@shop/db';
import { seedPincodes } from '@shop/db/pincodes/seed-pincodes';
import { buildApp } from './app.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { loadConfig } from './config.ts';
import { startErrorReporting } from './telemetry/error-reporting.ts';
import { startTracing } from './telemetry/tracing.ts';

/**
 * The API process: read settings, open the database (PGlite in $DATA_DIR/db unless DATABASE_URL),
 * migrate, seed an empty catalogue, listen. SIGTERM/SIGINT close the server, then the database.
 */

interface SeedModule {
  isCatalogueSeeded(db: DatabaseHandle['db']): Promise<boolean>;
  seedCatalogue(db: DatabaseHandle['db'], options: { mediaDir: string; log?: (message: string) => void }): Promise<unknown>;
}

async function loadSeed(): Promise<SeedModule | null> {
  // A computed specifier keeps this file compiling while the seed module does not exist yet.
  const specifier = ['@shop/db', 'seed'].join('/');
  try {
    return (await import(specifier)) as SeedModule;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' || (error as NodeJS.ErrnoException).code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') {
      return null;
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Telemetry before the app is built: @fastify/otel instruments each Fastify instance as it is created. Both are
  // off, and their packages not even loaded, unless OTEL_EXPORTER_OTLP_ENDPOINT / SENTRY_DSN are set.
  const tracing = await startTracing(config.otel);
  const errorReporting = config.sentryDsn ? await startErrorReporting({ dsn: config.sentryDsn, environment: config.nodeEnv }) : undefined;
  // AUTH_SECRET, or one generated once into $DATA_DIR/auth-secret so restarts keep sessions valid. Generating is
  // refused only in production with a database server, where several processes must share one secret.
  const authSecret = resolveAuthSecret({
    authSecret: config.authSecret,
    dataDir: config.dataDir,
    mayGenerate: config.nodeEnv !== 'production' || !config.databaseUrl,
  });
  const handle = await connect(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.pgliteDir });
  const app = await buildApp({ config: { ...config, authSecret }, db: handle, reportError: errorReporting?.report });
  // Buffered spans and error reports go out when the app closes (shutdown, failed start-up).
  app.addHook('onClose', async () => {
    await Promise.allSettled([tracing?.shutdown(), errorReporting?.flush()]);
  });
  // Requests still running when a shutdown signal arrives finish before the database closes.
  let inFlight = 0;
  app.addHook('onRequest', (_request, _reply, done) => {
    inFlight++;
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    inFlight--;
    done();
  });
  app.addHook('onRequestAbort', (_request, done) => {
    inFlight--;
    done();
  });
  try {
    await migrate(handle);
    // India's pincodes for the delivery promise, once, when the table is empty (decision 079; about 2 s on PGlite).
    const seededPincodes = await seedPincodes(handle.db);
    if (seededPincodes > 0) app.log.info({ pincodes: seededPincodes }, 'pincode directory seeded');
    const seed = await loadSeed();
    if (!seed) {
      app.log.warn('seed module @shop/db/seed not found; starting with the catalogue as it is');
    } else if (!(await seed.isCatalogueSeeded(handle.db))) {
      app.log.info('empty catalogue: seeding');
      await seed.seedCatalogue(handle.db, { mediaDir: config.mediaDir, log: (message) => app.log.info(message) });
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'start-up failed');
    await app.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      for (let waited = 0; inFlight > 0 && waited < 5_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await handle.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Before the logger exists (bad configuration): one line naming the problem, no stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
