import { index, inet, pgTable, text } from 'drizzle-orm/pg-core';
import { commonColumns } from './columns.ts';

/** Render errors reported by browsers through POST /api/log (spec §7), for the back office inbox. */
export const clientLogs = pgTable(
  'client_logs',
  {
    ...commonColumns,
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    url: text('url').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    ip: inet('ip'),
  },
  (t) => [index('client_logs_created_idx').on(t.createdAt.desc())],
);
