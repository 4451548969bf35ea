// Preloaded into the API by `BENCH_COST=…` runs of bench/orders.mjs (node --import): counts the statements node-postgres
// sends (every Client#query, pooled or in a transaction, BEGIN and COMMIT included) and writes the running total to
// $BENCH_QUERY_COUNT_FILE whenever the process gets SIGUSR2. Measurement only; the API never loads it otherwise.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

let count = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  count++;
  return query.apply(this, args);
};
process.on('SIGUSR2', () => {
  if (process.env.BENCH_QUERY_COUNT_FILE) writeFileSync(process.env.BENCH_QUERY_COUNT_FILE, String(count));
});
