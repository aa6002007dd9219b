/**
 * The owner side of the sticker link (issue 8; SPEC §7 albums): the collected uploads, merging them into stickers,
 * deleting them. Owner, collaborators and admins only; anyone else gets 404 as if the album did not exist.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate.ts';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import { findImage, findImagesWithBlobs, type BlobRow, type ImageRow } from '../images/repository.ts';
import { deleteImageWithFiles, imageServices } from '../images/service.ts';
import { toImageView } from '../images/view.ts';
import { findAlbumHeaderFor } from '../album-store/albums.ts';
import {
  deleteStickerUploadRow,
  findStickerUpload,
  listStickerUploads,
  type StickerUploadRow,
} from './repository.ts';
import { stickerUploadsChanged } from '../realtime/sticker-upload-news.ts';
import { mergeStickerUploads } from './service.ts';
import { errorResponses, mergedStickerUploadsSchema, stickerUploadListSchema } from '@stickerbook/api';

export const stickerLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = imageServices(app);
  const db = services.database.db;

  /** The owner's view of uploads: their photos and blobs read in one query, not two per upload. */
  async function views(rows: StickerUploadRow[]) {
    const photos = await findImagesWithBlobs(
      db,
      rows.flatMap((row) => (row.imageId ? [row.imageId] : [])),
    );
    return Promise.all(rows.map((row) => view(row, row.imageId ? photos.get(row.imageId) : undefined)));
  }

  async function view(row: StickerUploadRow, photo?: { image: ImageRow; blob: BlobRow | null }) {
    const image = photo?.image;
    return {
      id: row.id,
      name: row.name,
      last_name: row.lastName,
      position: row.position,
      section_id: row.sectionId,
      merged_at: row.mergedAt?.toISOString() ?? null,
      sticker_id: row.stickerId,
      created_at: row.createdAt.toISOString(),
      // The face the image job found once it has run (undefined until then, null when there is none).
      details: image?.details.face !== undefined ? { ...row.details, face: image.details.face } : row.details,
      image: image ? await toImageView(services.storage, image, photo?.blob ?? undefined) : null,
    };
  }

  app.get(
    '/albums/:id/sticker_uploads',
    {
      schema: {
        tags: ['sticker link'],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: stickerUploadListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await findAlbumHeaderFor(db, request.params.id, requirePrincipal(request));
      if (!found) throw notFound('Album');
      const rows = await listStickerUploads(db, found.album.id);
      return { sticker_uploads: await views(rows) };
    },
  );

  app.patch(
    '/albums/:id/sticker_uploads/merge',
    {
      schema: {
        tags: ['sticker link'],
        params: z.object({ id: z.string().max(64) }),
        body: z.strictObject({ sticker_upload_ids: z.array(z.string().max(64)).min(1).max(500) }),
        response: {
          200: mergedStickerUploadsSchema,
          503: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const found = await findAlbumHeaderFor(db, request.params.id, principal);
      if (!found) throw notFound('Album');
      if (found.album.locked) throw new AppError(409, 'ALBUM_LOCKED', 'The album is approved for print');
      const { merged, mergedAt } = await mergeStickerUploads(
        app,
        services,
        principal,
        found.album.id,
        request.body.sticker_upload_ids,
      );
      // The album's other open editors see them merged (live.ts).
      stickerUploadsChanged(found.album.id);
      return { merged_at: mergedAt.toISOString(), sticker_uploads: await views(merged) };
    },
  );

  app.delete(
    '/sticker_uploads/:id',
    {
      schema: {
        tags: ['sticker link'],
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const upload = await findStickerUpload(db, request.params.id);
      const found = upload && (await findAlbumHeaderFor(db, upload.albumId, principal));
      if (!upload || !found) throw notFound('Sticker upload');
      await deleteStickerUploadRow(db, upload.id);
      // A merged upload's photo now belongs to its sticker; an unmerged one goes with its upload.
      if (!upload.mergedAt && upload.imageId) {
        const image = await findImage(db, upload.imageId);
        if (image) await deleteImageWithFiles(services, image);
      }
      stickerUploadsChanged(upload.albumId);
      return reply.status(204).send();
    },
  );
};
