import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { albums } from './albums.ts';
import { images } from './images.ts';
import { createdAt } from './columns.ts';

// Sticker link (issue 8) ----------------------------------------------------------------------------------------

/** What a contributor measured and, once detected, where the face is (fractions of the photo). */
export interface StickerUploadDetails {
  width: number;
  height: number;
  face?: { x: number; y: number; width: number; height: number } | null;
}

/** A photo a contributor sent through the album's sticker link (SPEC §3 "Sticker upload (collected)"). */
export const stickerUploads = pgTable(
  'sticker_uploads',
  {
    id: text('id').primaryKey(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    lastName: text('last_name').notNull().default(''),
    position: text('position').notNull().default(''),
    /** A Section node id of the album document, or null for 'I don't know'. */
    sectionId: text('section_id'),
    /** The id the contributor's browser sent with the submission (SPEC §3 "Public submission"). */
    clientId: text('client_id').notNull(),
    /**
     * The contributor session the server issued with the first submission (a signed token kept in the browser's
     * local storage); only that session may see and replace the upload. Null for uploads older than sessions.
     */
    sessionId: text('session_id'),
    /** When the owner's batched new-uploads e-mail listed it (or was skipped for it); null while waiting. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    details: jsonb('details').$type<StickerUploadDetails>().notNull(),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    stickerId: text('sticker_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sticker_uploads_album_idx').on(t.albumId),
    index('sticker_uploads_client_idx').on(t.clientId),
    index('sticker_uploads_session_idx').on(t.sessionId),
  ],
);
