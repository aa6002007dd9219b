/**
 * SPEC §2 sticker link, the public side: a contributor opens the album's link, checks a photo for a face, uploads
 * it and sends their sticker, and later sees and replaces what they sent (with the session token the first
 * submission answered).
 */
import { z } from 'zod';
import { faceBoxSchema, imageSchema } from './images.ts';

/** GET /public/sticker_uploads/{token}: what the contributor's form shows of the album's link. */
export const stickerLinkSchema = z.object({
  title: z.string().nullable(),
  content: z.string().nullable(),
  white_label: z.boolean(),
  require_position: z.boolean(),
  sections: z.array(z.object({ id: z.string(), name: z.string() })),
});
const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'Must be 16-100 of [A-Za-z0-9_-]');
/** A contributor's sticker: the form's fields and the uploaded photo's blob. */
const stickerSubmissionSchema = z.strictObject({
  name: z.string().trim().min(1).max(30),
  last_name: z.string().trim().max(30).optional(),
  position: z.string().trim().max(30).optional(),
  section_id: z.string().max(100).nullable().optional(),
  blob_id: z.string().min(1).max(64),
  client_id: clientIdSchema,
  details: z.object({ width: z.number().positive(), height: z.number().positive() }).optional(),
});
/** What a contributor sees of their own upload: what they entered, their photo, whether it is in the album. */
export const ownUploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  last_name: z.string(),
  position: z.string(),
  section_id: z.string().nullable(),
  created_at: z.string(),
  merged: z.boolean(),
  photo_url: z.string().nullable(),
});
/** POST /public/sticker_uploads/{token}: the upload, and the session token to send back. */
export const submittedUploadSchema = ownUploadSchema.extend({ session_token: z.string() });

/** POST /public/sticker_uploads/{token}. */
export const submitStickerUploadSchema = z.strictObject({ sticker_upload: stickerSubmissionSchema });

/** PUT /public/sticker_uploads/{token}/uploads/{id}: the fields, and a new photo when `blob_id` is given. */
export const replaceStickerUploadSchema = z.strictObject({
  sticker_upload: stickerSubmissionSchema
    .omit({ client_id: true, blob_id: true })
    .extend({ blob_id: z.string().min(1).max(64).optional() }),
});

/** GET /public/sticker_uploads/{token}/mine. */
export const ownUploadListSchema = z.object({ sticker_uploads: z.array(ownUploadSchema) });

/** GET /albums/{id}/sticker_uploads: an upload as the album's owner collects it, with its image record. */
const stickerUploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  last_name: z.string(),
  position: z.string(),
  section_id: z.string().nullable(),
  merged_at: z.string().nullable(),
  sticker_id: z.string().nullable(),
  created_at: z.string(),
  details: z.object({ width: z.number(), height: z.number(), face: faceBoxSchema.nullable().optional() }),
  image: imageSchema.nullable(),
});

export const stickerUploadListSchema = z.object({ sticker_uploads: z.array(stickerUploadSchema) });

/** PATCH /albums/{id}/sticker_uploads/merge: when the uploads became stickers, and the uploads as they are now. */
export const mergedStickerUploadsSchema = z.object({
  merged_at: z.string(),
  sticker_uploads: z.array(stickerUploadSchema),
});

export type StickerUploadView = z.infer<typeof stickerUploadSchema>;
export type StickerUploadListView = z.infer<typeof stickerUploadListSchema>;
export type MergedStickerUploadsView = z.infer<typeof mergedStickerUploadsSchema>;
export type StickerLinkView = z.infer<typeof stickerLinkSchema>;
export type OwnUploadView = z.infer<typeof ownUploadSchema>;
export type SubmittedUploadView = z.infer<typeof submittedUploadSchema>;
export type OwnUploadListView = z.infer<typeof ownUploadListSchema>;
export type SubmitStickerUploadBody = z.input<typeof submitStickerUploadSchema>;
export type ReplaceStickerUploadBody = z.input<typeof replaceStickerUploadSchema>;
