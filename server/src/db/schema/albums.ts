import type { AlbumDocument } from '@stickerbook/model';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, organizations } from './users.ts';
import { createdAt } from './columns.ts';

/** Album settings outside the document: notifications, sticker link, spine, onboarding. */
export interface AlbumSettingsRecord {
  emailNotificationsEnabled?: boolean;
  bookSpine?: boolean;
  stickerUploadEnabled?: boolean;
  stickerUploadWhiteLabel?: boolean;
  stickerUploadContent?: string | null;
  stickerUploadCustomDomain?: string | null;
  stickerUploadRequirePosition?: boolean;
  stickerUploadSurpriseMode?: boolean;
  stickerUploadAskForTitle?: boolean;
  /** Sticker link (issue 8): the public page does not show the album title. */
  stickerUploadAnonymousUrl?: boolean;
  /** Sticker link (issue 8): the unguessable token of /s/<token>, made when the link is first switched on. */
  stickerUploadToken?: string;
  analyticsMetadata?: Record<string, unknown>;
}

export const albums = pgTable(
  'albums',
  {
    /** Unguessable (22 chars base64url, 128 random bits) so an id alone reveals nothing. */
    id: text('id').primaryKey(),
    ownerIdentifier: text('owner_identifier').notNull(),
    title: text('title').notNull().default('Titel des Albums'),
    releaseDate: text('release_date'),
    language: text('language').notNull().default('de'),
    category: text('category'),
    blueprintAlbumId: text('blueprint_album_id'),
    blueprintCategory: text('blueprint_category'),
    blueprintTitle: text('blueprint_title'),
    /** Short human-readable code staff use on the phone and in the dashboard. */
    identifier: text('identifier').notNull().unique(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    locked: boolean('locked').notNull().default(false),
    settings: jsonb('settings').$type<AlbumSettingsRecord>().notNull().default({}),
    /**
     * The token of the public preview link /album/<id>/preview/<token> (SPEC §2, §7): 244 random bits made by the
     * database for every album (and for each rotation, which sets it back to this default); unique, so the public
     * route finds the album by its token alone.
     */
    previewToken: text('preview_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    workspace: jsonb('workspace').$type<AlbumDocument>().notNull(),
    version: integer('version').notNull().default(0),
    /**
     * The version `workspace` reflects (issue 6): a mutation stores only its log row and bumps `version`, and
     * the log rows after this version are folded into `workspace` later (album-store/albums.ts
     * `currentAlbumDocument` is how every reader sees the current document).
     */
    snapshotVersion: integer('snapshot_version').notNull().default(0),
    /** Ordering (issue 13): set in the transaction that places an order; a second order is allowed. */
    hasOrder: boolean('has_order').notNull().default(false),
    lastOrderId: uuid('last_order_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('albums_owner_idx').on(t.ownerIdentifier),
    // The admin dashboard's album list (issue 14): every sort and scope from an index, search by trigrams.
    index('albums_created_idx').on(t.createdAt, t.id),
    index('albums_release_idx').on(t.releaseDate, t.id),
    index('albums_updated_idx').on(t.updatedAt),
    index('albums_has_order_created_idx').on(t.hasOrder, t.createdAt, t.id),
    index('albums_search_idx').using('gin', sql`lower(${t.title} || ' ' || ${t.identifier}) gin_trgm_ops`),
  ],
);

/** Collaborators; the owner is `albums.owner_identifier`, not a row here. */
export const albumMembers = pgTable(
  'album_members',
  {
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.userId] }), index('album_members_user_idx').on(t.userId)],
);

/** One row per accepted document mutation (DESIGN.md "The album document"); filled by the sync issue. */
export const albumMutations = pgTable(
  'album_mutations',
  {
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    patches: jsonb('patches').notNull(),
    userIdentifier: text('user_identifier').notNull(),
    // Realtime (issue 6): the sending connection and its mutation id, so a mutation re-sent after a reconnect
    // is acknowledged again instead of applied twice. Null for changes that did not come through sync.
    clientId: text('client_id'),
    mutationId: text('mutation_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.albumId, t.version] }),
    uniqueIndex('album_mutations_mutation_idx').on(t.albumId, t.mutationId),
  ],
);

// Cover previews (SPEC §3 cover_preview_url) ------------------------------------------------------------------------

/**
 * The rendered cover thumbnail of an album (server/src/albums/cover-preview.ts): a JPEG in the file storage, the
 * hash of what the cover showed when it was rendered (so a change elsewhere in the album renders nothing) and the
 * album version last checked against it.
 */
export const albumCoverPreviews = pgTable('album_cover_previews', {
  albumId: text('album_id')
    .primaryKey()
    .references(() => albums.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  contentHash: text('content_hash').notNull(),
  checkedVersion: integer('checked_version').notNull(),
  renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
});
