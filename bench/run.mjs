// `npm run bench [all|api|pages|routes]`: the API load benchmark (needs DATABASE_URL) and, when a shop is running, the
// page-speed benchmark (Lighthouse) and the first-load JavaScript of every page route.
import { run } from '../scripts/lib.mjs';

const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'api') await run(process.execPath, ['bench/api.mjs']);
if (which === 'all' || which === 'pages') await run(process.execPath, ['bench/pages.mjs', ...process.argv.slice(3)]);
if (which === 'all' || which === 'routes') await run(process.execPath, ['bench/routes.mjs', ...process.argv.slice(3)]);
