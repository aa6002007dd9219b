/** SPEC §3 images: the image record as the API returns it, and the face a detection found. */
import { z } from 'zod';

/** A face as fractions of the photo (0..1). */
export const faceBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
const imageSizeSchema = z.object({ width: z.number(), height: z.number() });

/** SPEC §3 image record as the API returns it. */
export const imageSchema = z.object({
  id: z.string(),
  album_id: z.string(),
  model: z.enum(['image', 'sticker']),
  /** Variant generation: queued -> working -> finished | error. Until finished every URL is the original. */
  state: z.enum(['queued', 'working', 'finished', 'error']),
  blueprint_image: z.boolean(),
  original_image_id: z.string().nullable(),
  blob: z.object({
    filename: z.string(),
    full: z.string(),
    large: z.string(),
    medium: z.string(),
    original: z.string(),
    small: z.string(),
  }),
  details: z.object({ width: z.number(), height: z.number(), face: faceBoxSchema.nullable().optional() }),
  meta: z.object({
    content_type: z.string(),
    byte_size: z.number().optional(),
    error: z.string().optional(),
  }),
  /** Pixel size of each variant that exists. */
  dimensions: z.partialRecord(z.enum(['small', 'medium', 'large', 'full', 'original']), imageSizeSchema),
  tags: z.array(z.string()),
  created_at: z.string(),
});
export type ImageView = z.infer<typeof imageSchema>;

/** GET /albums/{albumId}/images. */
export const imageListSchema = z.object({
  images: z.array(
    imageSchema.extend({
      /** Admins only (SPEC §6): true for an image the album's people do not see. */
      hidden: z.boolean().optional(),
    }),
  ),
});

export type ImageListView = z.infer<typeof imageListSchema>;
export type FaceBoxView = z.infer<typeof faceBoxSchema>;
