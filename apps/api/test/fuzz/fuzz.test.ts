import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers.ts';
import { fuzzContext, type FuzzContext } from './fuzz-context.ts';
import { MALFORMED_MULTIPART } from './multipart.ts';
import type { JsonSchema, SchemaContext } from './openapi-arbitraries.ts';
import { CALLERS, type FuzzRequest, isMultipart, type Operation, operationsOf, requestArbitrary, SKIPPED } from './operations.ts';
import { describeFindings, type Finding } from './report.ts';
import { collectingConsoleErrors, inLanes, send } from './send.ts';

/**
 * Issue 19: a property-based fuzzer driven by the OpenAPI document (decision 058). For every operation in the
 * document, fast-check generates requests from its parameters' and body's schemas (valid-ish values mixed with
 * hostile ones), sent by an anonymous visitor, a signed-in customer and a signed-in admin through `app.inject`
 * against a fresh database. The property: no answer is a 5xx. Every 5xx is printed with the request that caused it.
 *
 * FUZZ_SEED (default below, fixed so CI is reproducible), FUZZ_RUNS (requests in all, spread evenly over the
 * operations) and FUZZ_ONLY (operationIds, comma-separated) make longer or narrower runs locally.
 */

const DEFAULT_SEED = 19_058;
const DEFAULT_RUNS = 5_200;
/** Operations fuzzed at the same time: the sign-in endpoints' minimum answer times (up to 250 ms) then overlap. */
const LANES = 4;

function integerFromEnvironment(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name}: expected a whole number, got ${JSON.stringify(text)}`);
  return value;
}

const SEED = integerFromEnvironment('FUZZ_SEED', DEFAULT_SEED);
const RUNS = integerFromEnvironment('FUZZ_RUNS', DEFAULT_RUNS);
/** FUZZ_VERBOSE=1 prints each operation's answers by status and refusal code: how deep the requests got. */
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);
const ONLY = (process.env.FUZZ_ONLY ?? '')
  .split(',')
  .map((id) => id.trim())
  .filter(Boolean);

/** Each operation has its own seed, so its requests do not change when another operation is added or removed. */
function seedOf(operationId: string): number {
  let hash = 0x811c9dc5;
  for (const character of operationId) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193);
  return (hash ^ SEED) | 0;
}

const reproduce = (finding: Finding) =>
  `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ONLY=${finding.operation.id} npx vitest run --project api apps/api/test/fuzz/fuzz.test.ts`;

const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** Prints what a run found and returns the 5xx, each of which fails it. */
function report(label: string, findings: Finding[], printedElsewhere: string[]): string[] {
  if (printedElsewhere.length) console.log(`${label}: printed with console.error while answering below 500:\n${[...new Set(printedElsewhere)].join('\n')}`);
  const failures = describeFindings(findings, reproduce);
  if (failures.length) console.log(`${label}: ${failures.length} distinct 5xx:\n\n${failures.join('\n\n')}`);
  return failures;
}

describe.each(engines)('OpenAPI fuzzing (%s)', (engine) => {
  let fuzz: FuzzContext;
  let document: Record<string, any>;
  let operations: Operation[];

  beforeAll(async () => {
    fuzz = await fuzzContext(engine);
    const response = await fuzz.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    operations = operationsOf(document);
  });

  afterAll(async () => {
    await fuzz?.close();
  });

  const schemaContext = (): SchemaContext => ({
    resolve(ref) {
      const name = ref.replace('#/components/schemas/', '');
      const schema = (document.components?.schemas as Record<string, JsonSchema> | undefined)?.[name];
      if (!schema) throw new Error(`unresolvable $ref ${ref}`);
      return schema;
    },
    hints: (name) => fuzz.hints[name] ?? [],
  });

  it('knows which operations it leaves out, and why', () => {
    const ids = new Set(operations.map((operation) => operation.id));
    // A skipped operation that no longer exists is a stale entry.
    for (const id of Object.keys(SKIPPED)) expect(ids, id).toContain(id);
    expect(operations.filter(isMultipart).length).toBeGreaterThanOrEqual(6);
  });

  it(
    'answers no 5xx to generated requests, anonymous and signed in',
    async () => {
      const started = performance.now();
      const fuzzable = operations.filter((operation) => !(operation.id in SKIPPED) && !isMultipart(operation));
      // FUZZ_ONLY narrows the run to the same requests a full run sends those operations.
      const runsPerOperation = Math.max(1, Math.ceil(RUNS / fuzzable.length));
      const fuzzed = fuzzable.filter((operation) => !ONLY.length || ONLY.includes(operation.id));
      const skipped = Object.entries(SKIPPED).map(([id, why]) => `${id} (${why})`);
      console.log(
        `fuzz (${engine}): seed ${SEED}, ${runsPerOperation} requests to each of ${fuzzed.length} operations; left out: ${skipped.join(', ')}` +
          `, and the ${operations.filter(isMultipart).length} multipart uploads (their own test)`,
      );

      const findings: Finding[] = [];
      const printedElsewhere: string[] = [];
      const statuses = new Map<string, number>();
      const callers = new Map<string, number>();
      const context = schemaContext();
      await collectingConsoleErrors(() =>
        inLanes(fuzzed, LANES, async (operation) => {
          const requests = fc.sample(requestArbitrary(operation, context, fuzz.credentials), { seed: seedOf(operation.id), numRuns: runsPerOperation });
          const answers = new Map<string, number>();
          for (const request of requests) {
            const { status, code, finding, printed } = await send(fuzz, operation, request);
            count(answers, `${status}${code ? ` ${code}` : ''}`);
            count(statuses, `${Math.floor(status / 100)}xx`);
            count(callers, request.caller);
            if (finding) findings.push(finding);
            if (printed) printedElsewhere.push(...printed.map((text) => `${operation.id}: ${text.split('\n')[0]}`));
          }
          if (VERBOSE) console.log(`${operation.id}: ${[...answers].map(([answer, n]) => `${answer} ×${n}`).join(', ')}`);
        }),
      );

      const requests = [...statuses.values()].reduce((sum, n) => sum + n, 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `fuzz (${engine}): ${requests} requests in ${seconds} s; answers ${JSON.stringify(Object.fromEntries(statuses))};` +
          ` callers ${JSON.stringify(Object.fromEntries(callers))}`,
      );
      const failures = report(`fuzz (${engine})`, findings, printedElsewhere);

      if (!ONLY.length && RUNS >= DEFAULT_RUNS) expect(requests).toBeGreaterThanOrEqual(5_000);
      for (const caller of CALLERS) expect(callers.get(caller) ?? 0, caller).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    },
    15 * 60_000,
  );

  it('answers no 5xx to malformed multipart bodies on the uploads', async () => {
    const uploads = operations.filter(isMultipart);
    const productId = Object.values(fuzz.ctx.fixtures.products)[0]!.id;
    const findings: Finding[] = [];
    const printedElsewhere: string[] = [];
    let requests = 0;
    await collectingConsoleErrors(async () => {
      for (const operation of uploads) {
        for (const malformed of MALFORMED_MULTIPART) {
          for (const caller of CALLERS) {
            const request: FuzzRequest = {
              caller,
              method: operation.method,
              url: operation.path.replace(/\{[^}]+\}/g, productId),
              headers: {
                origin: 'http://localhost:3000',
                ...(malformed.contentType ? { 'content-type': malformed.contentType } : {}),
                ...(caller === 'anonymous' ? {} : { cookie: fuzz.credentials[caller].cookie }),
              },
              payload: malformed.payload,
              encoding: 'latin1',
            };
            const { finding, printed } = await send(fuzz, operation, request);
            requests++;
            if (finding) findings.push(finding);
            if (printed) printedElsewhere.push(...printed.map((text) => `${operation.id} (${malformed.name}): ${text.split('\n')[0]}`));
          }
        }
      }
    });
    console.log(`fuzz multipart (${engine}): ${requests} requests, ${MALFORMED_MULTIPART.length} malformed bodies to each of ${uploads.length} uploads`);
    expect(report(`fuzz multipart (${engine})`, findings, printedElsewhere)).toEqual([]);
  });

  it('ran signed in to the end: no request ended the sessions it was sent with', async () => {
    for (const caller of ['customer', 'admin'] as const) {
      const { cookie, userId } = fuzz.credentials[caller];
      const response = await fuzz.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
      expect(response.json()?.user?.id, caller).toBe(userId);
    }
  });
});
