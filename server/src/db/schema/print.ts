import type { PresetName } from '@stickerbook/model';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { albums } from './albums.ts';
import { createdAt } from './columns.ts';

// Print (issue 7): export jobs ------------------------------------------------------------------------------------

/** SPEC §3 render job params (plus our `cropMarks` and `pdfx`); the print settings of packages/model/print.ts. */
export interface RenderJobParams {
  album_id: string;
  mode: string;
  format: 'pdf' | 'jpg' | 'png';
  resolution: 'auto' | 'small' | 'medium' | 'large' | 'full' | 'original';
  dpi: number;
  range: string;
  showStickers: boolean;
  includeCover: boolean;
  includeBleed: boolean;
  compress: boolean;
  cropMarks: boolean;
  pdfx: boolean;
  /** Stickerpack exports: the draw of stickers into packs, fixed per job so retries make the same file. */
  seed?: number;
}

export interface RenderJobSettings {
  label?: string;
  custom?: boolean;
  /** One of the model's preset names: POST /exports/render_jobs accepts no other. */
  preset?: PresetName;
  /** A proof's stamp language: the album's language when the proof was asked for. */
  language?: string | null;
}

/**
 * One export (SPEC §3 render job): queued -> working -> finished | error. The pg-boss job carries only the id;
 * this row is what the jobs tab polls (state, progress) and where the result file is recorded.
 */
export const renderJobs = pgTable(
  'render_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    state: text('state', { enum: ['queued', 'working', 'finished', 'error'] })
      .notNull()
      .default('queued'),
    /** 0-100. */
    progress: integer('progress').notNull().default(0),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesTotal: integer('pages_total'),
    params: jsonb('params').$type<RenderJobParams>().notNull(),
    settings: jsonb('settings').$type<RenderJobSettings>().notNull().default({}),
    /** Attempts started (pg-boss retries a crashed or failed run). */
    attempts: integer('attempts').notNull().default(0),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    contentType: text('content_type'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('render_jobs_album_idx').on(t.albumId, t.createdAt)],
);

/**
 * The CMYK copies of photos Chromium embeds as raw pixels (PNGs with transparency, photos with filters), made by
 * a PDF/X export and kept for the next one (print/cmyk-source.ts). They are named after their pixels, not after a
 * file of the album, so the album's deletion finds them here (images/file-cleanup.ts).
 */
export const printPhotoCopies = pgTable(
  'print_photo_copies',
  {
    storageKey: text('storage_key').primaryKey(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('print_photo_copies_album_idx').on(t.albumId)],
);
