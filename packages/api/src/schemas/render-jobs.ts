/**
 * SPEC §7 render jobs: an export of print files (admins) or a proof (the album's owner and collaborators), polled
 * in the jobs tab until its file is ready. The params are the print settings of packages/model's print/presets.ts.
 */
import {
  EXPORT_FORMATS,
  EXPORT_RESOLUTIONS,
  MAX_PACK_SEED,
  PRESET_NAMES,
  isValidRange,
  parseDpi,
} from '@stickerbook/model';
import { z } from 'zod';

/** JSON booleans, or the /render query's spelling: `1`/`true` are true, `0`/`false` false (SPEC §2). */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const paramsInputSchema = z.strictObject({
  album_id: z.string().min(1).max(64),
  mode: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Lower-case letters, digits and _')
    .optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
  resolution: z.enum(EXPORT_RESOLUTIONS).optional(),
  // SPEC §5: spaces are stripped from the dpi and the range.
  dpi: z
    .union([z.number(), z.string().max(20)])
    .transform((v, ctx) => {
      const dpi = parseDpi(String(v));
      if (dpi === undefined) ctx.addIssue({ code: 'custom', message: 'A whole number from 36 to 1200' });
      return dpi ?? 0;
    })
    .optional(),
  range: z
    .string()
    .max(200)
    .transform((v) => v.replace(/\s+/g, ''))
    .refine(isValidRange, 'A page range like 1-3,5')
    .optional(),
  showStickers: flag.optional(),
  includeCover: flag.optional(),
  includeBleed: flag.optional(),
  compress: flag.optional(),
  cropMarks: flag.optional(),
  pdfx: flag.optional(),
  /** The sticker packs' draw (stickerpack mode): the same seed makes the same packs again. */
  seed: z.number().int().min(0).max(MAX_PACK_SEED).optional(),
});

const settingsInputSchema = z.strictObject({
  label: z.string().trim().max(100).optional(),
  custom: z.boolean().optional(),
  preset: z.enum(PRESET_NAMES).optional(),
});

/** POST /exports/render_jobs: a preset sends its name (the server fills in its settings), custom sends them all. */
export const createRenderJobSchema = z.strictObject({
  render_job: z.strictObject({ params: paramsInputSchema, settings: settingsInputSchema.optional() }),
});

/** GET /render_jobs?album_id=. */
export const renderJobQuerySchema = z.object({ album_id: z.string().min(1).max(64) });

/** The settings a job was made with, resolved from its preset: every print setting, and the album it prints. */
const renderJobParamsSchema = z.object({
  album_id: z.string(),
  mode: z.string(),
  format: z.enum(EXPORT_FORMATS),
  resolution: z.enum(EXPORT_RESOLUTIONS),
  dpi: z.number(),
  range: z.string(),
  showStickers: z.boolean(),
  includeCover: z.boolean(),
  includeBleed: z.boolean(),
  compress: z.boolean(),
  cropMarks: z.boolean(),
  pdfx: z.boolean(),
  seed: z.number().optional(),
});

const renderJobSchema = z.object({
  id: z.string(),
  state: z.enum(['queued', 'working', 'finished', 'error']),
  progress: z.number(),
  pages_done: z.number(),
  pages_total: z.number().nullable(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  params: renderJobParamsSchema,
  settings: z.object({
    label: z.string().optional(),
    custom: z.boolean().optional(),
    preset: z.enum(PRESET_NAMES).optional(),
    /** A proof's stamp language: the album's language when the proof was asked for. */
    language: z.string().nullable().optional(),
  }),
});

/** GET /render_jobs: admins see every export of the album, owners and collaborators their own proofs. */
export const renderJobListSchema = z.object({ render_jobs: z.array(renderJobSchema) });

/** POST /exports/render_jobs: the job (201 new, 200 the proof already rendering) and a render token. */
export const createdRenderJobSchema = z.object({
  render_job: renderJobSchema,
  meta: z.object({ token: z.string() }),
});

export type RenderJobView = z.infer<typeof renderJobSchema>;
export type RenderJobListView = z.infer<typeof renderJobListSchema>;
export type CreatedRenderJobView = z.infer<typeof createdRenderJobSchema>;
export type CreateRenderJobBody = z.input<typeof createRenderJobSchema>;
