import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { albums } from './albums.ts';
import { createdAt } from './columns.ts';

// Images (issue 5): uploaded files and image records ------------------------------------------------------------

/**
 * A file in storage (`storageKey`), created by POST /direct_uploads before its bytes arrive. `byteSize` and
 * `checksum` (base64 MD5) are what the client declared; the upload is refused unless the bytes match them.
 */
export const blobs = pgTable(
  'blobs',
  {
    id: text('id').primaryKey(),
    /** Who may attach it: the uploader's owner identifier (user id or 'guest:<id>'). */
    ownerIdentifier: text('owner_identifier').notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    /** Declared by the client; the real type comes from the content (images/checks.ts). */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    checksum: text('checksum').notNull(),
    state: text('state', { enum: ['pending', 'uploaded', 'attached'] })
      .notNull()
      .default('pending'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('blobs_owner_idx').on(t.ownerIdentifier)],
);

/** SPEC §3 image record. Variant files live in storage under `images/<id>/<variant>.<ext>`. */
export interface ImageRecordDetails {
  width: number;
  height: number;
  /** The largest face as fractions of the image (0-1). */
  face?: { x: number; y: number; width: number; height: number } | null;
}

export type ImageVariantName = 'small' | 'medium' | 'large' | 'full' | 'original';
export type ImageVariantsState = 'queued' | 'working' | 'finished' | 'error';
export interface ImageVariantFile {
  key: string;
  width: number;
  height: number;
  contentType: string;
}

export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    /** Who uploaded it (owner identifier). */
    uploaderIdentifier: text('uploader_identifier').notNull(),
    model: text('model', { enum: ['image', 'sticker'] }).notNull(),
    blobId: text('blob_id')
      .notNull()
      .references(() => blobs.id),
    /** Type from the content: image/jpeg, image/png or image/svg+xml. */
    contentType: text('content_type').notNull(),
    filename: text('filename').notNull(),
    details: jsonb('details').$type<ImageRecordDetails>().notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    variants: jsonb('variants')
      .$type<Partial<Record<ImageVariantName, ImageVariantFile>>>()
      .notNull()
      .default({}),
    variantsState: text('variants_state', { enum: ['queued', 'working', 'finished', 'error'] })
      .notNull()
      .default('queued'),
    variantsError: text('variants_error'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set on blueprint images and on AI edits (the image it was made from). */
    blueprintImage: boolean('blueprint_image').notNull().default(false),
    originalImageId: text('original_image_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_album_idx').on(t.albumId)],
);
