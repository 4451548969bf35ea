import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import type { FuzzContext } from './fuzz-context.ts';
import type { FuzzRequest, Operation } from './operations.ts';
import type { Finding } from './report.ts';

/** Sending the fuzzer's requests through `app.inject`, and what a 5xx leaves behind for its report (decision 058). */

/** What libraries printed with console.error while handling a request (better-auth prints its server errors). */
const printedBy = new AsyncLocalStorage<string[]>();

/**
 * Runs `work` with console.error collected per request instead of printed: a 5xx's report shows what was printed for
 * it, and a 5xx fails the run with its own report rather than through the suite's fail-on-console-error check. Anything printed outside
 * a request is printed as usual.
 */
export async function collectingConsoleErrors<T>(work: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    const printed = printedBy.getStore();
    if (printed) printed.push(format(...args));
    else original(...args);
  };
  try {
    return await work();
  } finally {
    console.error = original;
  }
}

let addresses = 0;
/** A client address of its own per request: the per-address limits would otherwise answer 429 to most of them. */
function nextAddress(): string {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface Sent {
  status: number;
  /** The refusal's code, for a JSON answer that has one. */
  code?: string;
  /** Set for a 5xx. */
  finding?: Finding;
  /** What was printed with console.error while the API handled a request it did not answer with a 5xx. */
  printed?: string[];
}

export async function send(fuzz: FuzzContext, operation: Operation, request: FuzzRequest): Promise<Sent> {
  const printed: string[] = [];
  let status: number;
  let body: string;
  let error: Error | undefined;
  try {
    // inject() starts the request when awaited: inside run(), so the request runs with `printed` as its store.
    const response = await printedBy.run(
      printed,
      async () =>
        await fuzz.app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
          remoteAddress: nextAddress(),
          ...(request.payload !== undefined ? { payload: request.encoding ? Buffer.from(request.payload, request.encoding) : request.payload } : {}),
        }),
    );
    status = response.statusCode;
    body = response.body;
    const requestId = /"requestId":"([^"]+)"/.exec(body)?.[1];
    error = requestId ? fuzz.errorOf(requestId) : undefined;
  } catch (thrown) {
    // inject itself failed: the app threw out of its handlers instead of answering.
    status = 599;
    body = '(no answer: inject threw)';
    error = thrown instanceof Error ? thrown : new Error(String(thrown));
  }
  let code = /"code":"([a-zA-Z_]+)"/.exec(body.slice(0, 500))?.[1];
  // A schema refusal by its first field, for FUZZ_VERBOSE: which field stops the requests.
  const field = code === 'validation_failed' ? /"errors":\{"([^"]+)":\{"code":"([a-z_]+)"/.exec(body) : null;
  if (field) code = `${code} ${field[1]}:${field[2]}`;
  if (status < 500) return { status, code, ...(printed.length ? { printed } : {}) };
  return { status, finding: { operation, request, status, body, error, printed } };
}

/** Runs `task` for each item, at most `lanes` at a time (the sign-in endpoints' minimum answer times overlap). */
export async function inLanes<T>(items: T[], lanes: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
}
