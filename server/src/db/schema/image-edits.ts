import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { albums } from './albums.ts';
import { images } from './images.ts';
import { createdAt } from './columns.ts';

export type ImageEditJobState =
  'queued' | 'requesting' | 'request_sent' | 'connected' | 'request_accepted' | 'done' | 'error';

/**
 * One AI edit of an image (SPEC §4 AI image edit states). The stream token is stored only as a hash and works for
 * this job and its creator only; the result is a new image record (`resultImageId`), the original is kept.
 */
export const imageEditJobs = pgTable(
  'image_edit_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    /** Owner identifier of the user who started it (user id or 'guest:<id>'). */
    createdBy: text('created_by').notNull(),
    prompt: text('prompt').notNull(),
    state: text('state', {
      enum: ['queued', 'requesting', 'request_sent', 'connected', 'request_accepted', 'done', 'error'],
    })
      .notNull()
      .default('queued'),
    partialImages: integer('partial_images').notNull().default(0),
    streamTokenHash: text('stream_token_hash').notNull(),
    resultImageId: text('result_image_id'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_edit_jobs_image_idx').on(t.imageId)],
);
