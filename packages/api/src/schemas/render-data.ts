/**
 * The album as the renderer draws it: the print route's render data (SPEC §7 GET /albums/{albumId}/render_data
 * with a render token), which the checkout preview and the public preview link answer too.
 */
import { stickerTemplateSchema } from '@stickerbook/model';
import { z } from 'zod';

const imageVariantSchema = z.enum(['small', 'medium', 'large', 'full', 'original']);

/** GET /albums/{albumId}/render_data: everything the print route draws an album from, in one response. */
export const renderDataSchema = z.object({
  album: z.object({
    id: z.string(),
    title: z.string(),
    releaseDate: z.string().nullable(),
    language: z.string(),
    bookSpine: z.boolean(),
  }),
  /** The AlbumDocument of packages/model. */
  workspace: z.record(z.string(), z.unknown()),
  /** Sticker frame designs by id (SPEC §3 template documents), as GET /sticker_templates lists them. */
  templates: z.record(z.string(), stickerTemplateSchema),
  /** The URL of each variant that exists, by image record id. */
  images: z.record(
    z.string(),
    z.object({
      width: z.number(),
      height: z.number(),
      urls: z.partialRecord(imageVariantSchema, z.string()),
    }),
  ),
  statistics: z.object({
    spreadsCount: z.number(),
    inlaySpreadsCount: z.number(),
    spreadsNeeded: z.number(),
    spine: z.number(),
  }),
});

export type RenderDataView = z.infer<typeof renderDataSchema>;
