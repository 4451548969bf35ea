// Keeps long-running child processes up (npm start, npm run dev): a child that dies is started again after a back-off
// that doubles from 1 s to 30 s and resets once the child has run for a minute; the other children are not touched. On
// SIGTERM or SIGINT each child gets SIGTERM, drains its in-flight requests and exits; one still running after the grace
// period is killed. Decision 056.
import { EventEmitter } from 'node:events';

export const defaults = {
  /** The first restart waits this long; each further one twice as long as the last, up to maxDelayMs. */
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  /** A child that ran this long counts as healthy: its next crash waits initialDelayMs again. */
  healthyAfterMs: 60_000,
  /** How long a stopping child may take to drain before it is killed (the API's and storefront's own limit is 10 s). */
  graceMs: 15_000,
};

/**
 * Runs `start()` (which answers a ChildProcess) and starts it again whenever it exits, until stop(). Emits 'spawn'
 * (child) and 'exit' ({ code, signal, delayMs }) so callers can report and tests can watch.
 *
 * With `armed: false` a child that exits is not started again until arm() is called: npm start arms a service once it
 * first answered, so one that cannot start at all (a bad setting) stops npm start with its own message instead of
 * failing every 30 s forever.
 */
export function supervise(name, start, options = {}) {
  const { initialDelayMs, maxDelayMs, healthyAfterMs } = { ...defaults, ...options };
  let armed = options.armed ?? true;
  const log = options.log ?? ((line) => console.error(line));
  const events = new EventEmitter();
  let child;
  let restarts = 0;
  let failuresInARow = 0;
  let timer;
  let stopping = false;

  const launch = () => {
    const startedAt = Date.now();
    const current = start();
    child = current;
    let ended = false;
    const onEnd = (code, signal) => {
      if (ended) return;
      ended = true;
      if (stopping) return;
      if (!armed) {
        events.emit('exit', { code, signal, delayMs: null });
        return;
      }
      if (Date.now() - startedAt >= healthyAfterMs) failuresInARow = 0;
      const delayMs = Math.min(maxDelayMs, initialDelayMs * 2 ** failuresInARow);
      failuresInARow++;
      log(`[start] ${name} stopped (${signal ?? `exit code ${code}`}); starting it again in ${delayMs / 1000} s`);
      events.emit('exit', { code, signal, delayMs });
      timer = setTimeout(() => {
        restarts++;
        launch();
      }, delayMs);
    };
    current.once('exit', onEnd);
    // A command that cannot be run at all (ENOENT) answers 'error' and may never 'exit'.
    current.once('error', (error) => onEnd(null, error.code ?? 'error'));
    events.emit('spawn', current);
  };

  launch();

  return {
    name,
    events,
    /** The child running now (or the last one, while a restart waits). */
    get child() {
      return child;
    },
    /** From now on, a child that exits is started again. */
    arm() {
      armed = true;
    },
    /** How many times the child was started again. */
    get restarts() {
      return restarts;
    },
    /**
     * Stops supervising and ends the child: SIGTERM (it drains), then SIGKILL after graceMs. Answers how it ended:
     * { code, signal, killed } (killed: the grace period ran out).
     */
    stop({ graceMs = options.graceMs ?? defaults.graceMs, signal = 'SIGTERM' } = {}) {
      stopping = true;
      clearTimeout(timer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) {
        return Promise.resolve({ code: current?.exitCode ?? null, signal: current?.signalCode ?? null, killed: false });
      }
      return new Promise((resolve) => {
        let killed = false;
        const kill = setTimeout(() => {
          killed = true;
          current.kill('SIGKILL');
        }, graceMs);
        current.once('exit', (code, exitSignal) => {
          clearTimeout(kill);
          resolve({ code, signal: exitSignal, killed });
        });
        current.kill(signal);
      });
    },
  };
}

/**
 * SIGTERM and SIGINT stop every supervised child (in parallel, each with its grace period), then exit: 0 when all
 * drained in time, 1 when one had to be killed. Answers the shutdown function, for a caller that must stop on its own.
 */
export function stopOnSignals(supervisors, { exit = (code) => process.exit(code), graceMs } = {}) {
  let stopping;
  const shutdown = (code = 0) => {
    stopping ??= Promise.all(supervisors().map((supervisor) => supervisor.stop(graceMs === undefined ? {} : { graceMs }))).then((ends) =>
      exit(ends.some((end) => end.killed) ? 1 : code),
    );
    return stopping;
  };
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));
  return shutdown;
}
