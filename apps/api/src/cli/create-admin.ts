/**
 * `npm run create-admin -- --email a@b.c --password '…' [--name …]`: creates the shop's first admin, or
 * promotes an existing account (and sets its password). Uses DATABASE_URL, or the PGlite database in
 * ${DATA_DIR:-./.data}/db, which only one process may open: with PGlite, stop the shop first.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { connect, type DatabaseHandle, migrate } from '@shop/db';
import { processesUsingFolder } from '@shop/db/seed/pglite-in-use';
import { createAdmin } from '../auth/create-admin.ts';
import { createAuth } from '../auth/create-auth.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';

const usage = `Usage: npm run create-admin -- --email <email> --password <password> [--name <name>]

Creates a verified admin account, or makes an existing account admin and sets its password.
Reads DATABASE_URL (PostgreSQL) or else uses PGlite in \${DATA_DIR:-./.data}/db (stop the shop first).`;

function fail(message: string): never {
  process.stderr.write(`create-admin: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let values: { email?: string; password?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (!values.email || !values.password) fail(`--email and --password are required\n\n${usage}`);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = await connect({ url: config.databaseUrl, poolSize: 2 });
  } else {
    if (existsSync(config.pgliteDir)) {
      const holders = await processesUsingFolder(config.pgliteDir);
      if (holders.length > 0) {
        fail(
          `the PGlite database in ${config.pgliteDir} is in use by process ${holders.join(', ')} (a running shop?). ` +
            'PGlite allows one process at a time: stop the shop, run create-admin, then start the shop again.',
        );
      }
    }
    handle = await connect({ dataDir: config.pgliteDir });
  }

  let problem: string | undefined;
  try {
    await migrate(handle);
    // The secret signs sessions and tokens; creating a user needs neither, so any value does here.
    const auth = createAuth(
      {
        siteUrl: config.siteUrl,
        secret: config.authSecret ?? randomBytes(32).toString('base64url'),
        production: config.nodeEnv === 'production',
        google: undefined,
      },
      {
        db: handle.db,
        enqueue: (message) => enqueueMessage(handle.db, message),
        log: (level, message) => {
          if (level === 'error' || level === 'warn') process.stderr.write(`create-admin: ${message}\n`);
        },
      },
    );
    const result = await createAdmin(auth, { email: values.email, password: values.password, ...(values.name ? { name: values.name } : {}) });
    process.stdout.write(`create-admin: ${result.created ? 'created' : 'promoted'} admin ${result.email}\n`);
  } catch (error) {
    const issues = (error as { issues?: { message: string }[] }).issues;
    problem = issues?.length ? issues.map((issue) => issue.message).join('; ') : (error as Error).message;
  } finally {
    await handle.close();
  }
  if (problem) fail(problem);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
