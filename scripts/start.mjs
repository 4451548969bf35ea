// `npm start`: builds what is missing, then runs the API (migrating and seeding an empty database) and the storefront,
// and keeps both up: a process that crashes is started again with a back-off while the other keeps serving; SIGTERM
// or Ctrl-C lets both finish their requests before they stop (scripts/supervisor.mjs, decision 056).
import { resolve } from 'node:path';
import { z } from 'zod';
import { buildWebIfNeeded, root, startApi, startWeb, waitForHttp } from './lib.mjs';
import { stopOnSignals, supervise } from './supervisor.mjs';

const port = z.coerce.number().int().min(1).max(65535);
const settings = z
  .object({
    PORT: port.default(3000),
    API_PORT: port.default(4000),
    DATA_DIR: z.string().min(1).default('./.data'),
    SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
    API_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
    // The storefront ignores a malformed id rather than load a broken script; say so here instead (issue 6).
    ANALYTICS_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id like G-ABCDE12345')
      .optional(),
    CHAT_WIDGET_ID: z
      .string()
      .regex(/^[a-f0-9]{24}\/[a-z0-9]{6,16}$/i, 'must be a tawk.to <property id>/<widget id>')
      .optional(),
  })
  .safeParse(process.env);
if (!settings.success) {
  for (const issue of settings.error.issues) console.error(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const { PORT, API_PORT } = settings.data;
const DATA_DIR = resolve(root, settings.data.DATA_DIR);
process.env.NEXT_TELEMETRY_DISABLED = '1';

const shared = { API_PORT: String(API_PORT), DATA_DIR };
const supervisors = [];
const shutdown = stopOnSignals(() => supervisors);
const building = new AbortController();
/** A service that stops before it first answered ends npm start at once (its own last lines say why), even mid-build. */
const failFast = (supervisor) =>
  supervisor.events.on('exit', ({ code, signal, delayMs }) => {
    if (delayMs !== null) return;
    console.error(`[start] ${supervisor.name} stopped before it answered (${signal ?? `exit code ${code}`}).`);
    building.abort();
    void shutdown(1);
  });

try {
  // The API migrates and seeds while the storefront builds: first start takes the longer of the two, not the sum.
  // Each is restarted only once it has answered: one that cannot start at all stops npm start with its message.
  const api = supervise('the API', () => startApi({ ...shared, NODE_ENV: process.env.NODE_ENV ?? 'production' }), { armed: false });
  supervisors.push(api);
  failFast(api);
  await buildWebIfNeeded(undefined, { signal: building.signal });
  await waitForHttp(`http://127.0.0.1:${API_PORT}/api/health`, { child: api.child });
  api.arm();
  const web = supervise('the storefront', () => startWeb(PORT, { ...shared, NODE_ENV: 'production' }), { armed: false });
  supervisors.push(web);
  failFast(web);
  await waitForHttp(`http://127.0.0.1:${PORT}/`, { child: web.child });
  web.arm();
  const site = settings.data.SITE_URL ?? `http://localhost:${PORT}`;
  // Without a gateway, sign-in codes are printed below and listed on a page (decision 055): say where.
  const codes = process.env.SMTP_URL || process.env.SMS_GATEWAY_URL ? '' : `  Codes: printed below ("SMS to …", "Mail to …") and at ${site}/dev/outbox\n`;
  console.log(`\n  Shop:  http://localhost:${PORT}\n  API:   http://localhost:${API_PORT}/api (docs at /api/docs)\n${codes}`);
} catch (error) {
  // An aborted build was already explained by failFast.
  if (!building.signal.aborted) console.error(`[start] ${error.message}`);
  await shutdown(1);
}
