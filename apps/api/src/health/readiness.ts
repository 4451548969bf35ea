import type { Database } from '@shop/db';
import type { ObjectStore } from '../storage/object-store.ts';
import { databaseAnswers } from './database.ts';

/** The parts the API cannot serve without: each answers within TIMEOUT_MS or counts as down. */
export type Part = 'database' | 'redis' | 'objectStore';

export interface ReadinessReport {
  ready: boolean;
  /** Each checked part: ok, or down. Parts not configured (Redis without REDIS_URL) are not listed. */
  checks: Partial<Record<Part, 'ok' | 'down'>>;
  /** What went wrong, by part, for the log (never in the answer: it may name hosts). */
  errors: Partial<Record<Part, unknown>>;
}

export interface ReadinessDeps {
  db: Database;
  /** Present when REDIS_URL is set: resolves once Redis answers PING. */
  pingRedis?: () => Promise<unknown>;
  /** Present when uploads go to an S3-compatible bucket (S3_*). */
  objectStore?: ObjectStore;
}

export const TIMEOUT_MS = 2_000;

/** A key no upload can have (uploads live under their own prefixes): reading it answers "none" from a healthy store. */
const PROBE_KEY = 'health/ready-probe';

function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Checks every configured part at once (a readiness probe must answer quickly even when one part hangs). */
export async function checkReadiness(deps: ReadinessDeps): Promise<ReadinessReport> {
  const probes: Array<[Part, () => Promise<unknown>]> = [
    [
      'database',
      async () => {
        const answer = await databaseAnswers(deps.db);
        if (!answer.ok) throw answer.error;
      },
    ],
  ];
  if (deps.pingRedis) probes.push(['redis', deps.pingRedis]);
  const store = deps.objectStore;
  if (store) probes.push(['objectStore', () => store.get(PROBE_KEY)]);

  const outcomes = await Promise.allSettled(probes.map(([, probe]) => withinTimeout(probe())));
  const report: ReadinessReport = { ready: true, checks: {}, errors: {} };
  outcomes.forEach((outcome, index) => {
    const part = (probes[index] as [Part, unknown])[0];
    report.checks[part] = outcome.status === 'fulfilled' ? 'ok' : 'down';
    if (outcome.status === 'rejected') {
      report.ready = false;
      report.errors[part] = outcome.reason;
    }
  });
  return report;
}
