// `npm run bench [all|api|pages|routes|offer]`: the API load benchmark (needs DATABASE_URL) and, when a shop is running,
// the page-speed benchmark (Lighthouse), the first-load JavaScript of every page route, and Lighthouse with the
// newsletter pop-up open (decision 077).
import { run } from '../scripts/lib.mjs';

const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'api') await run(process.execPath, ['bench/api.mjs']);
if (which === 'all' || which === 'pages') await run(process.execPath, ['bench/pages.mjs', ...process.argv.slice(3)]);
if (which === 'all' || which === 'routes') await run(process.execPath, ['bench/routes.mjs', ...process.argv.slice(3)]);
if (which === 'all' || which === 'offer') await run(process.execPath, ['bench/newsletter-offer.mjs', ...process.argv.slice(3)]);
