// `npm start`: builds what is missing, then runs the API (migrating and seeding an empty database) and the storefront.
import { resolve } from 'node:path';
import { z } from 'zod';
import { buildWebIfNeeded, root, startApi, startWeb, stopAll, waitForHttp } from './lib.mjs';

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
const children = [];
let stopping = false;
const shutdown = async (code) => {
  if (stopping) return;
  stopping = true;
  await stopAll(children);
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  // The API migrates and seeds while the storefront builds: first start takes the longer of the two, not the sum.
  const api = startApi({ ...shared, NODE_ENV: process.env.NODE_ENV ?? 'production' });
  children.push(api);
  api.on('exit', (code) => !stopping && (console.error(`[start] the API stopped (${code}).`), shutdown(1)));
  await buildWebIfNeeded();
  await waitForHttp(`http://127.0.0.1:${API_PORT}/api/health`, { child: api });
  const web = startWeb(PORT, { ...shared, NODE_ENV: 'production' });
  children.push(web);
  web.on('exit', (code) => !stopping && (console.error(`[start] the storefront stopped (${code}).`), shutdown(1)));
  await waitForHttp(`http://127.0.0.1:${PORT}/`, { child: web });
  console.log(`\n  Shop:  http://localhost:${PORT}\n  API:   http://localhost:${API_PORT}/api (docs at /api/docs)\n`);
} catch (error) {
  console.error(`[start] ${error.message}`);
  await shutdown(1);
}
