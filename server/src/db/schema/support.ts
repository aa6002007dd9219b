import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAt } from './columns.ts';

/**
 * SPEC §7 help widget, built-in form (server/src/support): what someone wrote to the team, with who it was (the
 * signed-in user's e-mail, else the one typed in) and the album id they were on. The album id is kept as the text
 * that was sent, with no reference: it may name an album the sender has no access to.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestId: uuid('guest_id'),
    albumId: text('album_id'),
    message: text('message').notNull(),
    pagePath: text('page_path'),
    userAgent: text('user_agent'),
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_created_idx').on(t.createdAt)],
);
