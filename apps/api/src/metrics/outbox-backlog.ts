import { type Database, outbox } from '@shop/db';
import { count, inArray } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';

const CHANNELS = ['email', 'sms'] as const;

/**
 * Messages waiting to be sent (pending, or claimed by a worker and not yet sent), by channel, counted when Prometheus
 * scrapes: a growing backlog means a gateway is down or the worker stopped. One indexed count query per scrape
 * (outbox_status_next_attempt_idx).
 */
export function outboxBacklog(registry: Registry, db: Database) {
  return new Gauge({
    name: 'shop_outbox_backlog',
    help: 'Outgoing messages not yet sent (pending or being sent), by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ channel: outbox.channel, waiting: count() })
        .from(outbox)
        .where(inArray(outbox.status, ['pending', 'sending']))
        .groupBy(outbox.channel);
      for (const channel of CHANNELS) this.set({ channel }, rows.find((row) => row.channel === channel)?.waiting ?? 0);
    },
  });
}
