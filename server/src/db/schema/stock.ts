import { sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { blobs } from './images.ts';
import { createdAt } from './columns.ts';

// Stock photos and AI image edits (issue 5) ------------------------------------------------------------------------

/** Storage keys of a library photo's sizes, named like Pexels' `src` (SPEC §3 stock photo). */
export type StockPhotoSize = 'tiny' | 'small' | 'medium' | 'large' | 'large2x' | 'original';
export type StockPhotoFiles = Record<
  StockPhotoSize,
  { key: string; width: number; height: number; contentType: string }
>;

/** Stock photo ids are below this: safe integers in JavaScript and in a document's `pexelsId`. */
export const STOCK_PHOTO_ID_LIMIT = 2 ** 48;
/** A random stock photo id (crypto.randomInt's range ends just there). */
export const newStockPhotoId = () => randomInt(1, STOCK_PHOTO_ID_LIMIT);

/**
 * The local stock library (DESIGN.md "Outside services": the default without PEXELS_API_KEY): photos an admin
 * uploads with photographer and tags. Integer ids, because documents reference stock photos by `pexelsId` (a
 * number, as Pexels' are); random like every other id (`newStockPhotoId`), so they say nothing about the library.
 * Photos added before ids were random keep their small ones: documents reference them.
 */
export const stockPhotos = pgTable(
  'stock_photos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().$defaultFn(newStockPhotoId),
    title: text('title').notNull().default(''),
    photographer: text('photographer').notNull(),
    photographerUrl: text('photographer_url'),
    alt: text('alt').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    blobId: text('blob_id')
      .notNull()
      .references(() => blobs.id),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    files: jsonb('files').$type<StockPhotoFiles>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stock_photos_created_idx').on(t.createdAt)],
);
