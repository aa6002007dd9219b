import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin, ownerIdentifierOf, type Principal } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import { findBlob, findImage, listAlbumImagesFor, updateImage, type ImageRow } from './repository.ts';
import { createImageFromBlob, deleteImageWithFiles, imageServices } from './service.ts';
import { imageView } from './view.ts';
import { findAlbumHeaderFor } from '../album-store/albums.ts';
import {
  createImageSchema,
  errorResponses,
  imageListSchema,
  imageSchema,
  patchImageSchema,
} from '@stickerbook/api';

const albumParams = z.object({ albumId: z.string().min(1).max(64) });
const imageParams = z.object({ id: z.string().min(1).max(64) });
const responses = { 422: errorEnvelopeSchema, ...errorResponses };

/**
 * SPEC §7 images: create from an uploaded blob, read (polling shows variant progress), change the model, delete.
 * Access follows the album: owner, collaborators and admins; anyone else gets 404 for the image too.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = imageServices(app);
  const db = services.database.db;

  async function editableAlbum(principal: Principal, albumId: string) {
    const found = await findAlbumHeaderFor(db, albumId, principal);
    if (!found) throw notFound('Album');
    if (found.album.locked && !isAdmin(principal)) {
      throw new AppError(409, 'ALBUM_LOCKED', 'The album is approved for print');
    }
    return found;
  }

  /** The image and its album access, or 404 for anyone who may not see that album. */
  async function visibleImage(principal: Principal, id: string): Promise<ImageRow> {
    const image = await findImage(db, id);
    if (!image || !(await findAlbumHeaderFor(db, image.albumId, principal))) throw notFound('Image');
    return image;
  }

  const view = (image: ImageRow) => imageView(db, services.storage, image);

  app.post(
    '/albums/:albumId/images',
    {
      schema: {
        tags: ['images'],
        params: albumParams,
        body: createImageSchema,
        response: { 201: imageSchema, ...responses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { album } = await editableAlbum(principal, request.params.albumId);
      const blob = await findBlob(db, request.body.blob_id);
      // Someone else's upload is as good as none.
      if (!blob || blob.ownerIdentifier !== ownerIdentifierOf(principal)) throw notFound('Upload');
      const image = await createImageFromBlob(services, {
        albumId: album.id,
        blob,
        model: request.body.model,
        uploaderIdentifier: ownerIdentifierOf(principal),
        face: request.body.details?.face,
        tags: request.body.tags,
      });
      reply.status(201);
      return view(image);
    },
  );

  app.get(
    '/albums/:albumId/images',
    {
      schema: {
        tags: ['images'],
        params: albumParams,
        response: {
          200: imageListSchema,
          ...responses,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const found = await findAlbumHeaderFor(db, request.params.albumId, principal);
      if (!found) throw notFound('Album');
      const admin = isAdmin(principal);
      const rows = await listAlbumImagesFor(db, found.album.id, admin);
      return {
        images: await Promise.all(
          rows.map(async ({ image, hidden }) => ({ ...(await view(image)), ...(admin ? { hidden } : {}) })),
        ),
      };
    },
  );

  app.get(
    '/images/:id',
    { schema: { tags: ['images'], params: imageParams, response: { 200: imageSchema, ...responses } } },
    async (request) => view(await visibleImage(requirePrincipal(request), request.params.id)),
  );

  app.patch(
    '/images/:id',
    {
      schema: {
        tags: ['images'],
        params: imageParams,
        body: patchImageSchema,
        response: { 200: imageSchema, ...responses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const image = await visibleImage(principal, request.params.id);
      await editableAlbum(principal, image.albumId);
      // SPEC §5: sticker photos are JPEG or PNG only.
      if (request.body.model === 'sticker' && image.contentType === 'image/svg+xml') {
        throw new AppError(422, 'IMAGE_TYPE_NOT_ALLOWED', 'A sticker photo must be a JPEG or PNG', {
          codes: ['IMAGE_TYPE_NOT_ALLOWED'],
        });
      }
      const updated = await updateImage(db, image.id, { model: request.body.model });
      if (!updated) throw notFound('Image');
      if (
        updated.model === 'sticker' &&
        updated.variantsState === 'finished' &&
        updated.details.face === undefined
      ) {
        // A photo that becomes a sticker gets its face box like a sticker upload does.
        await updateImage(db, image.id, { variantsState: 'queued' });
        await services.enqueueVariants(image.id);
        return view({ ...updated, variantsState: 'queued' });
      }
      return view(updated);
    },
  );

  app.delete(
    '/images/:id',
    { schema: { tags: ['images'], params: imageParams, response: { 204: z.null(), ...responses } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const image = await visibleImage(principal, request.params.id);
      await editableAlbum(principal, image.albumId);
      await deleteImageWithFiles(services, image);
      return reply.status(204).send(null);
    },
  );
};
