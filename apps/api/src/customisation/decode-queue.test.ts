import { describe, expect, it } from 'vitest';
import { Refusal } from '../lib/refusal.ts';
import { DecodeQueue } from './decode-queue.ts';

const later = () => {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('DecodeQueue', () => {
  it('runs at most `concurrency` tasks, queues up to `queueLimit`, and refuses one more with images_busy', async () => {
    const queue = new DecodeQueue(2, 1);
    const gates = [later(), later(), later()];
    let active = 0;
    let most = 0;
    const task = (index: number) => () => {
      active++;
      most = Math.max(most, active);
      return gates[index]!.promise.then(() => {
        active--;
        return index;
      });
    };
    const results = [queue.run(task(0)), queue.run(task(1)), queue.run(task(2))];
    expect(queue.counts).toEqual({ running: 2, waiting: 1 });
    await expect(queue.run(() => Promise.resolve(3))).rejects.toSatisfy((error) => error instanceof Refusal && error.code === 'images_busy');
    gates[0]!.resolve();
    await results[0];
    // The waiting task took the free slot.
    expect(queue.counts).toEqual({ running: 2, waiting: 0 });
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect(most).toBe(2);
    expect(queue.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new DecodeQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await queue.run(() => Promise.resolve('next'))).toBe('next');
  });
});
