import { describe, expect, it, vi } from 'vitest';
import { wakeableLoop } from './wakeable-loop.ts';

/** A pass the test finishes by hand. */
function gate() {
  let open!: (more: boolean) => void;
  const passed = new Promise<boolean>((resolve) => (open = resolve));
  return { passed, open };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const silent = { error: () => undefined };

describe('wakeableLoop', () => {
  it('runs passes back to back while a pass leaves more, then waits for the poll', async () => {
    const left = [true, true, false];
    let passes = 0;
    const loop = wakeableLoop({ pollMs: 60_000, pass: () => Promise.resolve(left[passes++] ?? false), log: silent, failure: 'x' });
    loop.start();
    await tick();
    await loop.settled();
    expect(passes).toBe(3);
    await tick();
    expect(passes).toBe(3);
    await loop.stop();
  });

  it('runs one more pass when woken during a pass, and a pass at once when woken idle', async () => {
    const gates: ReturnType<typeof gate>[] = [];
    const loop = wakeableLoop({
      pollMs: 60_000,
      pass: () => {
        const next = gate();
        gates.push(next);
        return next.passed;
      },
      log: silent,
      failure: 'x',
    });
    loop.start();
    await tick();
    expect(gates).toHaveLength(1);
    loop.wake();
    loop.wake();
    gates[0]!.open(false);
    await tick();
    // Two wakes during the first pass ask for one more pass, not two.
    expect(gates).toHaveLength(2);
    gates[1]!.open(false);
    await loop.settled();
    loop.wake();
    await tick();
    expect(gates).toHaveLength(3);
    gates[2]!.open(false);
    await loop.stop();
  });

  it('logs a failed pass and polls again; after stop, no pass runs', async () => {
    const failures: string[] = [];
    let passes = 0;
    const loop = wakeableLoop({
      pollMs: 10,
      pass: () => {
        passes += 1;
        return passes === 1 ? Promise.reject(new Error('database away')) : Promise.resolve(false);
      },
      log: { error: (_object, message) => failures.push(message) },
      failure: 'worker: pass failed',
    });
    loop.start();
    // Waits for the retry rather than a fixed time: a loaded CI machine can run a 10 ms timer 60 ms late.
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(2), { timeout: 5_000, interval: 5 });
    expect(failures).toEqual(['worker: pass failed']);
    await loop.stop();
    const stoppedAt = passes;
    loop.wake();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(passes).toBe(stoppedAt);
  });
});
