// `npm run bench`: the API load benchmark (needs DATABASE_URL) and, when a shop is running, the page-speed benchmark.
import { run } from '../scripts/lib.mjs';

const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'api') await run(process.execPath, ['bench/api.mjs']);
if (which === 'all' || which === 'pages') await run(process.execPath, ['bench/pages.mjs', ...process.argv.slice(3)]);
