import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { albums } from './albums.ts';
import { users } from './users.ts';
import { createdAt } from './columns.ts';

/**
 * Invitations to collaborate (SPEC §3 Invitation: id, email, created_at, inviter, album). Pending until
 * accepted (`accepted_at` set; the invitee becomes an `album_members` row) or cancelled (the row is deleted,
 * SPEC §7 DELETE /invitations/{id}). The onboarding step has_invitations reads them.
 */
export const albumInvitations = pgTable(
  'album_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    inviterId: uuid('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    /** The unguessable token of /invitations/{token}/accept. */
    token: text('token').notNull().unique(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * Who accepted: any signed-in holder of the token may accept once (the link may reach the invitee under
     * another address than the one invited); after that the token only opens the album for this user.
     */
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('album_invitations_album_idx').on(t.albumId)],
);
