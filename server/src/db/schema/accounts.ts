import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAt } from './columns.ts';

/**
 * "Download my data" (GDPR Art. 15/20, issue 24): one zip per request, built by the `data-export` job
 * (accounts/data-export.ts). working -> finished | error; the row goes with the account.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked: the user, or an admin from the back office. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['working', 'finished', 'error'] })
      .notNull()
      .default('working'),
    /** 0-100. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    byteSize: integer('byte_size'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);
