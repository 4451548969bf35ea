/**
 * A background worker's loop (the outbox's senders, the invoice issuer): one pass at a time; passes run back to back
 * while there is more to do (a full batch) or something woke the loop during a pass, then it sleeps `pollMs` (another
 * process's change is found by the poll). `wake()` after a commit in this process starts a pass at once instead of at
 * the next poll. A failed pass is logged and the poll tries again (the database may be briefly unreachable). Its
 * timer never keeps a process alive on its own.
 */
export interface WakeableLoop {
  // Properties rather than methods: the workers hand them on as their own (`start: loop.start`), unbound.
  /** Starts polling (idempotent; never after stop). */
  start: () => void;
  /** Runs a pass now, or right after the one in hand. */
  wake: () => void;
  /** The pass in hand finished (at once if none). */
  settled: () => Promise<void>;
  /** Stops polling and waits for the pass in hand. */
  stop: () => Promise<void>;
}

export interface LoopOptions {
  pollMs: number;
  /** One pass; true when it left more to do at once (it took a full batch). */
  pass(): Promise<boolean>;
  log: { error(object: object, message: string): void };
  /** The log line of a failed pass. */
  failure: string;
}

export function wakeableLoop(options: LoopOptions): WakeableLoop {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  function schedule(delay: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick(): void {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        let more: boolean;
        do {
          wokenWhileRunning = false;
          more = await options.pass();
        } while (!stopped && (more || wokenWhileRunning));
      } catch (error) {
        options.log.error({ err: error }, options.failure);
      } finally {
        running = undefined;
        schedule(options.pollMs);
      }
    })();
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (started && !stopped) tick();
    },
    async settled() {
      await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
