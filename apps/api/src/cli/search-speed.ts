/**
 * Search speed on a seeded database, cache off (every call plans the query with the lexicon the process holds, checked
 * against the tables in the search's own statements, and asks the database): the misspelling test set plus common
 * words, each run 5 times after a warm-up; prints p50/p95/max.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench npx tsx apps/api/src/cli/search-speed.ts
 */
import { connect } from '@shop/db';
import { uncached } from '../catalogue/reader.ts';
import { searchProducts } from '../catalogue/search.ts';
import { misspellings } from '../../test/catalogue/search-misspellings.ts';

const handle = await connect({ url: process.env.DATABASE_URL, poolSize: 2 });
const reader = uncached(handle.db);
const queries = [...misspellings.map((m) => m.query), 'lamp', 'wedding', 'keychain', 'photo frame', 'personalised gift'];
for (const q of queries) await searchProducts(reader, q, 1, 24);
const times: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const q of queries) {
    const started = performance.now();
    await searchProducts(reader, q, 1, 24);
    times.push(performance.now() - started);
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
console.log(`${times.length} searches: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
for (const q of ['lamp', 'wedding', 'kecyhain', 'keychian', 'raakhi']) {
  const started = performance.now();
  const page = await searchProducts(reader, q, 1, 24);
  console.log(`  ${q}: ${page.total} matches, ${(performance.now() - started).toFixed(1)} ms`);
}
await handle.close();
