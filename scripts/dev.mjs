// `npm run dev`: the API and the storefront with hot reload. The API runs under `tsx watch` (restarted when a file it
// imports changes), the storefront under `next dev` (pages refresh in the browser as you edit). Both are supervised
// like under npm start, and Ctrl-C stops both. Same database ($DATA_DIR) and ports as npm start, so stop one first.
import { join, resolve } from 'node:path';
import { nextBin, root, startService, waitForHttp, webDir } from './lib.mjs';
import { stopOnSignals, supervise } from './supervisor.mjs';

const PORT = process.env.PORT ?? '3000';
const API_PORT = process.env.API_PORT ?? '4000';
const DATA_DIR = resolve(root, process.env.DATA_DIR ?? './.data');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
// next dev sets NODE_ENV itself and warns about any other value.
const env = { ...process.env, API_PORT, DATA_DIR, NEXT_TELEMETRY_DISABLED: '1' };
delete env.NODE_ENV;

const supervisors = [
  supervise('the API', () =>
    startService('api', process.execPath, [tsx, 'watch', '--clear-screen=false', join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      env: { ...env, NODE_ENV: 'development' },
    }),
  ),
  supervise('the storefront', () => startService('web', process.execPath, [nextBin, 'dev', '--port', PORT], { cwd: webDir, env: { ...env, PORT } })),
];
const shutdown = stopOnSignals(() => supervisors);

try {
  await waitForHttp(`http://127.0.0.1:${API_PORT}/api/health`);
  const codes =
    process.env.SMTP_URL || process.env.SMS_GATEWAY_URL ? '' : `  Codes: printed below ("SMS to …", "Mail to …") and at http://localhost:${PORT}/dev/outbox\n`;
  console.log(`\n  Shop:  http://localhost:${PORT} (next dev: the first visit to a page compiles it)\n  API:   http://localhost:${API_PORT}/api\n${codes}`);
} catch (error) {
  console.error(`[dev] ${error.message}`);
  await shutdown(1);
}
