import type { FastifyInstance } from 'fastify';

interface Schedule {
  /** From the app being ready to the first pass. */
  firstMs: number;
  /** From the end of one pass to the start of the next. */
  everyMs: number;
  /** One pass. A failure is logged with `failure` and the next pass runs as planned. */
  run(): Promise<void>;
  failure: string;
}

/**
 * A background job's passes, one at a time, from the app being ready until `stop` (the plugin's onClose awaits it, so
 * a pass in flight finishes before the database closes). Timers are unref'd: they never keep a process alive.
 */
export function schedulePasses(app: FastifyInstance, schedule: Schedule): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    running = schedule
      .run()
      .catch((error: unknown) => app.log.warn({ err: error }, schedule.failure))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(pass, schedule.everyMs).unref();
      });
  };
  app.addHook('onReady', (done) => {
    timer = setTimeout(pass, schedule.firstMs).unref();
    done();
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** No passes: the job is turned off (tests that run it by hand). */
export const noPasses = { stop: () => Promise.resolve() };
