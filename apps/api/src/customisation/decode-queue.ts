import { Refusal } from '../lib/refusal.ts';

/**
 * A small in-process queue for image decoding (decision 047): at most `concurrency` decodes run at once, at most
 * `queueLimit` wait, and one more is refused at once with 503 `images_busy` (the images plugin adds Retry-After).
 * A decode holds the full image in memory while it runs; the queue is what keeps sixty uploads at once from
 * holding sixty.
 */
export class DecodeQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  readonly concurrency: number;
  readonly queueLimit: number;

  constructor(concurrency: number, queueLimit: number) {
    this.concurrency = concurrency;
    this.queueLimit = queueLimit;
  }

  /** Decodes running and waiting now (the metrics and the tests read them). */
  get counts(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw new Refusal('images_busy');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    // A woken task takes over the slot of the one that finished: `running` stays as it was.
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
