/**
 * SPEC §3 images: the direct upload of a file to storage, the image record made from it as the API returns it,
 * and the face a detection found.
 */
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

/** A file about to be uploaded: its size, type and MD5 are checked before any byte arrives. */
export const declaredFileSchema = z.strictObject({
  filename: z.string().trim().min(1).max(255),
  byte_size: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
  /** Base64 MD5 of the bytes, as in the Content-MD5 header. */
  checksum: z.string().regex(/^[A-Za-z0-9+/]{22}==$/, 'Must be a base64 MD5'),
  content_type: z.string().min(1).max(100),
});

/** Where to PUT the declared file's bytes (a signed route of ours, or a presigned S3 PUT) and with which headers. */
export const directUploadSchema = z.object({
  blob_id: z.string(),
  upload_url: z.string(),
  headers: z.record(z.string(), z.string()),
});

/** POST /direct_uploads/batch; the count is checked by the route, so a 16th file gets TOO_MANY_FILES. */
export const declareUploadsSchema = z.strictObject({ files: z.array(declaredFileSchema).min(1).max(1000) });

/** POST /direct_uploads/batch, 201: per file, in order, its upload or why it was refused (SPEC §5 codes). */
export const declaredUploadsSchema = z.object({
  uploads: z.array(
    z.union([
      directUploadSchema,
      z.object({ error: z.object({ code: z.string(), codes: z.array(z.string()) }) }),
    ]),
  ),
});

const fraction = z.number().min(0).max(1);

/** POST /albums/{albumId}/images: the record of an uploaded blob. */
export const createImageSchema = z.strictObject({
  blob_id: z.string().min(1).max(64),
  model: z.enum(['image', 'sticker']),
  /** What the client measured; width and height are taken from the file, the face box from the client. */
  details: z
    .strictObject({
      width: z.number().int().positive().max(100_000).optional(),
      height: z.number().int().positive().max(100_000).optional(),
      face: z
        .strictObject({ x: fraction, y: fraction, width: fraction, height: fraction })
        .nullable()
        .optional(),
    })
    .optional(),
  tags: z.array(z.string().trim().min(1).max(64)).max(32).optional(),
});

/** PATCH /images/{id}: an album image becomes a sticker photo, or back. */
export const patchImageSchema = z.strictObject({ model: z.enum(['image', 'sticker']) });

/** POST /images/face_detection and the sticker link's face check: the largest face of the photo, or null. */
export const faceCheckSchema = z.object({ face: faceBoxSchema.nullable() });

export type ImageListView = z.infer<typeof imageListSchema>;
export type FaceBoxView = z.infer<typeof faceBoxSchema>;
export type FaceCheckView = z.infer<typeof faceCheckSchema>;
export type DeclaredFileBody = z.input<typeof declaredFileSchema>;
export type DirectUploadView = z.infer<typeof directUploadSchema>;
export type DeclaredUploadsView = z.infer<typeof declaredUploadsSchema>;
export type CreateImageBody = z.input<typeof createImageSchema>;
export type PatchImageBody = z.input<typeof patchImageSchema>;
