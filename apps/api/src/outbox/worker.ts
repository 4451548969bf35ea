import { type Database, outbox, type OutboxExtras } from '@shop/db';
import { and, eq, or, sql } from 'drizzle-orm';
import { wakeableLoop } from '../lib/wakeable-loop.ts';
import { rowsOf } from '../lib/rows.ts';
import { carriesSecret, REDACTED_BODY } from './redaction.ts';
import { AttachmentPending, type LoadedAttachment, type OutgoingMessage, type Transport, TransportError } from './transports/transport.ts';

/**
 * Sends what the outbox holds. Every API process runs one; they share the table safely:
 * - a row is claimed in one statement (`FOR UPDATE SKIP LOCKED`, status 'sending', attempts + 1), so two
 *   processes never take the same row;
 * - a claim is a lease: its next_attempt_at moves `leaseMs` ahead, and a row left 'sending' by a process that
 *   died is claimed again once the lease runs out (transport timeouts stay far below the lease, so a live
 *   sender never loses its row to another process);
 * - the outcome is written only while the claim is still ours (same attempts count), then 'sent', or back to
 *   'pending' after a backoff, or 'failed' after `maxAttempts`;
 * - a pass costs two statements however many rows it sends (the claim, which also gives up abandoned rows, and one
 *   'sent' update for the batch): every placed order wakes the worker, so this is per-order cost under load.
 */

export interface OutboxWorkerTiming {
  /** How often to look for due rows when not woken (ms). */
  pollMs: number;
  /** Rows claimed per statement; a full batch is followed at once by another. */
  batchSize: number;
  /** Attempts before a row is marked 'failed'. */
  maxAttempts: number;
  /** Wait before attempt n + 1, given the n attempts made so far (ms). */
  backoffMs(attempts: number): number;
  /** How long a claim is held before another process may take the row again (ms). */
  leaseMs: number;
}

/** 5 s, 10 s, 20 s, 40 s (±20 %): five attempts within about a minute and a half, inside an OTP's 5 minutes. */
export const defaultTiming: OutboxWorkerTiming = {
  pollMs: 1_000,
  batchSize: 10,
  maxAttempts: 5,
  backoffMs: (attempts) => Math.round(5_000 * 2 ** (attempts - 1) * (0.8 + Math.random() * 0.4)),
  leaseMs: 120_000,
};

interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

interface OutboxWorkerOptions {
  db: Database;
  /** WhatsApp only when configured (issue 21): its rows fail like an unconfigured gateway otherwise. */
  transports: Record<'email' | 'sms', Transport> & { whatsapp?: Transport };
  /** Loads a row's attachments (messages/attachments.ts) before it is sent; a failure is retried like a transport's. */
  loadAttachments?: (refs: NonNullable<OutboxExtras['attachments']>) => Promise<LoadedAttachment[]>;
  log: WorkerLog;
  timing?: Partial<OutboxWorkerTiming>;
}

export interface OutboxWorker {
  /** Starts polling (idempotent). */
  start(): void;
  /** Looks for due rows now (after an enqueue in this process) instead of at the next poll. */
  wake(): void;
  /** Stops polling and waits for the batch in hand to finish. */
  stop(): Promise<void>;
  /** One claim-and-send pass; answers how many rows it claimed. */
  runOnce(): Promise<number>;
}

interface ClaimedRow {
  id: string;
  channel: OutgoingMessage['channel'];
  recipient: string;
  kind: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  extras: OutboxExtras | null;
  attempts: number;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const timing = { ...defaultTiming, ...options.timing };
  const { db, log } = options;

  /**
   * Claims due rows in one statement, which also gives up the rows whose lease ran out on their last attempt (their
   * process died mid-send): those never match the claim (attempts < maxAttempts), so the two touch different rows.
   */
  async function claim(): Promise<ClaimedRow[]> {
    const result = await db.execute(sql`
      with given_up as (
        update outbox
           set status = 'failed', last_error = 'abandoned while sending on the last attempt'
         where status = 'sending' and next_attempt_at <= now() and attempts >= ${timing.maxAttempts}
      )
      update outbox
         set status = 'sending',
             attempts = attempts + 1,
             next_attempt_at = now() + ${timing.leaseMs}::int * interval '1 millisecond'
       where id in (
         select id from outbox
          where status in ('pending', 'sending')
            and next_attempt_at <= now()
            and attempts < ${timing.maxAttempts}
          order by next_attempt_at
          limit ${timing.batchSize}
          for update skip locked
       )
      returning id, channel, recipient, kind, subject, body_text, body_html, extras, attempts`);
    return rowsOf<ClaimedRow>(result);
  }

  /** The row as this claim left it: the guard that makes a late outcome from a lost claim a no-op. */
  const stillOurs = (row: ClaimedRow) => and(eq(outbox.id, row.id), eq(outbox.status, 'sending'), eq(outbox.attempts, row.attempts));

  /** Sends one claimed row; a failure is written here, a success is answered (written with the batch's others). */
  async function deliver(row: ClaimedRow): Promise<{ row: ClaimedRow; redact: boolean } | null> {
    const transport = options.transports[row.channel];
    const message: OutgoingMessage = {
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      kind: row.kind,
      subject: row.subject,
      text: row.body_text,
      html: row.body_html,
      extras: row.extras,
    };
    const redact = Boolean(transport?.real) && carriesSecret(row.kind);
    try {
      if (!transport) throw new TransportError(`no transport for channel ${row.channel}`);
      const refs = row.extras?.attachments;
      if (refs?.length) {
        if (!options.loadAttachments) throw new TransportError('no attachment provider');
        message.attachments = await options.loadAttachments(refs);
      }
      await transport.send(message);
    } catch (error) {
      if (error instanceof AttachmentPending) {
        // Its file is on its way (decision 109): tried again soon, this claim not counted as an attempt.
        await db
          .update(outbox)
          .set({
            status: 'pending',
            attempts: sql`${outbox.attempts} - 1`,
            nextAttemptAt: sql`now() + ${Math.round(error.retryMs)}::int * interval '1 millisecond'`,
          })
          .where(stillOurs(row));
        return null;
      }
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const final = row.attempts >= timing.maxAttempts;
      await db
        .update(outbox)
        .set({
          status: final ? 'failed' : 'pending',
          lastError: reason,
          nextAttemptAt: final ? sql`now()` : sql`now() + ${Math.max(0, Math.round(timing.backoffMs(row.attempts)))}::int * interval '1 millisecond'`,
          // A code that will never arrive is still a secret: it does not stay in the table either.
          ...(final && redact ? { bodyText: REDACTED_BODY, bodyHtml: null } : {}),
        })
        .where(stillOurs(row));
      // The log gets the message's id, channel, kind and status only: never its recipient, text or the far end's
      // answer (which may quote either). The full reason is in outbox.last_error.
      const entry = {
        outbox: { id: row.id, channel: row.channel, kind: row.kind, status: final ? 'failed' : 'pending', attempts: row.attempts },
        reason: error instanceof TransportError ? error.summary : error instanceof Error ? error.name : 'unknown',
      };
      if (final) log.error(entry, 'outbox: giving up on a message');
      else log.warn(entry, 'outbox: sending failed, will retry');
      return null;
    }
    return { row, redact };
  }

  /** Marks sent rows in one statement per kind of outcome (kept or redacted body), each only while still ours. */
  async function markSent(sent: Array<{ row: ClaimedRow; redact: boolean }>): Promise<void> {
    for (const redact of [false, true]) {
      const rows = sent.filter((outcome) => outcome.redact === redact).map((outcome) => outcome.row);
      if (rows.length === 0) continue;
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...(redact ? { bodyText: REDACTED_BODY, bodyHtml: null } : {}) })
        .where(or(...rows.map(stillOurs)));
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    const outcomes = await Promise.all(rows.map((row) => deliver(row)));
    await markSent(outcomes.filter((outcome) => outcome !== null));
    return rows.length;
  }

  // A full batch leaves more due at once; a database briefly unreachable is logged and the next poll tries again.
  const loop = wakeableLoop({
    pollMs: timing.pollMs,
    pass: async () => (await runOnce()) === timing.batchSize,
    log,
    failure: 'outbox: worker pass failed',
  });

  return {
    start: loop.start,
    wake: loop.wake,
    stop: loop.stop,
    runOnce,
  };
}
