// First-load JavaScript (gzip) of every page route of the storefront and the back office, found from the app's
// `page.tsx` files so a new route is measured without editing this file. Usage: start the shop (npm start), then
// node bench/routes.mjs [http://localhost:3000]
// Pages for signed-in people (the account pages, checkout, the back office) send a signed-out visitor to the sign-in
// page; to weigh them as their users see them, give an admin account: BENCH_EMAIL=… BENCH_PASSWORD=… (made with
// `npm run create-admin`). Without it those rows say where the visitor was sent.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kB, pageWeight } from './lib/page-weight.mjs';
import { samplePages } from './lib/sample-pages.mjs';

const base = process.argv[2] ?? process.env.SHOP_URL ?? 'http://localhost:3000';
const appDir = fileURLToPath(new URL('../apps/web/src/app', import.meta.url));

/** Every `page.tsx` under the app folder as a route pattern ("/product/[slug]"); route groups "(…)" add no segment. */
function routePatterns(dir = appDir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...routePatterns(path));
    else if (entry.name === 'page.tsx') {
      const segments = relative(appDir, dir)
        .split(sep)
        .filter((s) => s && !/^\(.*\)$/.test(s));
      found.push(`/${segments.join('/')}`);
    }
  }
  return found.sort();
}

async function signIn() {
  const { BENCH_EMAIL: email, BENCH_PASSWORD: password } = process.env;
  if (!email || !password) return undefined;
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('auth_token='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie.split(';')[0];
}

/** The first record's id (or slug) of an API list, to fill a dynamic segment; undefined when the list is empty. */
async function first(path, field = '_id', headers = {}) {
  const response = await fetch(base + path, { headers });
  if (!response.ok) return undefined;
  const body = await response.json();
  const list = Array.isArray(body) ? body : (body.data ?? body.items ?? []);
  return list[0]?.[field];
}

const cookie = await signIn();
const signedIn = cookie ? { cookie } : {};
const { categorySlug, productSlug } = await samplePages(base);
// One real value per dynamic segment; admin lists need the admin's cookie.
const fillers = {
  // The same pages bench/pages.mjs runs Lighthouse on.
  '/category/[slug]': () => categorySlug,
  '/product/[slug]': () => productSlug,
  '/admin/brands/[id]': () => first('/api/brands'),
  '/admin/categories/[id]': () => first('/api/categories'),
  '/admin/sliders/[id]': () => first('/api/sliders'),
  '/admin/products/[id]': () => first('/api/products?limit=1'),
  '/admin/coupons/[id]': () => first('/api/admin/coupons', '_id', signedIn),
  '/admin/orders/[id]': () => first('/api/admin/orders', '_id', signedIn),
  '/admin/orders/[id]/packing-slip': () => first('/api/admin/orders', '_id', signedIn),
  '/my-account/orders/[id]': () => first('/api/user/order', '_id', signedIn),
};
// Pages whose content depends on a query, measured with one.
const queries = { '/search': '?q=lamp' };
// Pages only a signed-in person sees; the rest are weighed as a signed-out visitor sees them.
const needsSession = (pattern) => /^\/(admin|my-account|checkout)(\/|$)/.test(pattern);

console.log(`| route | page measured | first-load JS (gzip) | HTML (flight data) |${cookie ? '' : ' note |'}`);
console.log(`|---|---|---|---|${cookie ? '' : '---|'}`);
for (const pattern of [...routePatterns(), '/no-such-page']) {
  let path = pattern;
  if (pattern.includes('[')) {
    const value = await fillers[pattern]?.();
    if (!value) {
      console.log(`| ${pattern} | (no record to open${cookie ? '' : ' signed out'}) | | |${cookie ? '' : ' |'}`);
      continue;
    }
    path = pattern.replace(/\[[^\]]+\]/, encodeURIComponent(value));
  }
  path += queries[pattern] ?? '';
  const weight = await pageWeight(base, path, needsSession(pattern) ? signedIn : {});
  const answer = weight.status >= 300 && weight.status < 400 ? `${weight.status} to ${weight.location}` : weight.status === 200 ? '' : `${weight.status}`;
  const note = cookie ? '' : ` ${answer} |`;
  // A redirect's own page is a stub that sends the browser on; its scripts are not what the route's users load.
  const js = weight.status >= 300 && weight.status < 400 ? '—' : `${kB(weight.bytes)} in ${weight.count} files`;
  console.log(
    `| ${pattern === '/no-such-page' ? '404 page' : pattern} | ${path}${cookie && answer ? ` (${answer})` : ''} | ${js} | ${kB(weight.html)} (${kB(weight.flight)}) |${note}`,
  );
}
