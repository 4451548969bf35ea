import { isIP } from 'node:net';
import { clientLogs, type Database } from '@shop/db';
import { LOG_LIMITS } from '@shop/domain/refusals/engagement';

export interface ClientError {
  message: string;
  stack?: string | null;
  url?: string | null;
}

interface ClientErrorSource {
  referer: string;
  userAgent: string;
  ip: string;
}

const clean = (value: string | undefined | null, max: number) => (value ?? '').replaceAll('\u0000', '').slice(0, max);

/** Stores a client-side render error, with where it came from (the page's own URL, else the referer). */
export async function recordClientError(db: Database, report: ClientError, source: ClientErrorSource): Promise<void> {
  await db.insert(clientLogs).values({
    message: report.message,
    stack: clean(report.stack, LOG_LIMITS.stack),
    url: clean(report.url || source.referer, LOG_LIMITS.url),
    userAgent: clean(source.userAgent, LOG_LIMITS.userAgent),
    ip: isIP(source.ip) ? source.ip : null,
  });
}
