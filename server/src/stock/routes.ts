import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin, ownerIdentifierOf } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { STOCK_PHOTO_ID_LIMIT } from '../db/schema.ts';
import { AppError, errorEnvelopeSchema, forbidden, notFound } from '../http/errors.ts';
import { inspectStoredUpload } from '../images/inspect.ts';
import { claimBlob, deleteBlobRow, findBlob } from '../images/repository.ts';
import { imageServices, scheduleFileCleanup } from '../images/service.ts';
import type { StockProvider } from '../providers/pexels/index.ts';
import {
  createStockProvider,
  deleteLibraryPhoto,
  insertLibraryPhoto,
  libraryFileKeys,
  libraryPhotoView,
  makeLibraryFiles,
} from '../providers/stock-library/index.ts';
import {
  createLibraryPhotoSchema,
  errorResponses,
  libraryPhotoSchema,
  stockPhotoSchema,
  stockSearchQuerySchema,
  stockSearchSchema,
} from '@stickerbook/api';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

const providersByContext = new WeakMap<FastifyInstance['ctx'], StockProvider>();

/** The app's stock provider (one per app, so its cache is shared by every request). */
export function stockProvider(app: FastifyInstance): StockProvider {
  let provider = providersByContext.get(app.ctx);
  if (!provider) {
    const services = imageServices(app);
    provider = createStockProvider(app.ctx.config, {
      db: services.database.db,
      storage: services.storage,
      // SPEC §8 "stock lookup failure reported, returns nothing": the log is where operators see it.
      report: (error, context) => app.log.error({ err: error, ...context }, 'stock provider failed'),
    });
    providersByContext.set(app.ctx, provider);
  }
  return provider;
}

/**
 * SPEC §7 stock photo search and lookup (Pexels or the local library, see providers/), plus the admin routes
 * that fill the library. Anyone with a session (users and guests, the editor allows both) may search.
 */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = imageServices(app);
  const db = services.database.db;
  const provider = stockProvider(app);

  app.get(
    '/stock_photos',
    {
      schema: {
        tags: ['stock'],
        querystring: stockSearchQuerySchema,
        response: { 200: stockSearchSchema, ...errorResponses },
      },
    },
    async (request) => {
      requirePrincipal(request);
      const { query, page, per_page, locale } = request.query;
      const result = await provider.search({ query, page, perPage: per_page, locale });
      return { provider: provider.kind, ...result };
    },
  );

  app.get(
    '/stock_photos/:id',
    {
      schema: {
        tags: ['stock'],
        params: idParams,
        response: { 200: stockPhotoSchema, ...errorResponses },
      },
    },
    async (request) => {
      requirePrincipal(request);
      const photo = await provider.photo(request.params.id);
      if (!photo) throw notFound('Stock photo');
      return photo;
    },
  );

  app.post(
    '/stock_photos',
    {
      schema: {
        tags: ['stock'],
        body: createLibraryPhotoSchema,
        response: {
          201: libraryPhotoSchema,
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!isAdmin(principal)) throw forbidden('ADMIN_ONLY', 'Only admins fill the stock library');
      const body = request.body;
      const blob = await findBlob(db, body.blob_id);
      if (!blob || blob.ownerIdentifier !== ownerIdentifierOf(principal)) throw notFound('Upload');
      if (blob.state === 'pending')
        throw new AppError(409, 'UPLOAD_INCOMPLETE', 'The file has not been uploaded yet');
      if (blob.state === 'attached') throw new AppError(409, 'BLOB_IN_USE', 'This upload is already used');
      let inspected;
      try {
        // Stock photos are photos: JPEG or PNG, the sticker photo rules (SPEC §5).
        inspected = await inspectStoredUpload(services.storage, blob.storageKey, blob.byteSize, 'sticker');
      } catch (error) {
        if (error instanceof AppError) {
          await services.storage.delete([blob.storageKey]);
          await deleteBlobRow(db, blob.id);
        }
        throw error;
      }
      if (!(await claimBlob(db, blob.id)))
        throw new AppError(409, 'BLOB_IN_USE', 'This upload is already used');
      const { files, width, height } = await makeLibraryFiles(services.storage, blob.id, {
        key: blob.storageKey,
        contentType: inspected.type,
      });
      const row = await insertLibraryPhoto(db, {
        title: body.title ?? '',
        photographer: body.photographer,
        photographerUrl: body.photographer_url ?? null,
        alt: body.alt ?? '',
        tags: body.tags ?? [],
        blobId: blob.id,
        width,
        height,
        files,
        createdBy: ownerIdentifierOf(principal),
      });
      reply.status(201);
      return { ...(await libraryPhotoView(services.storage, row)), title: row.title, tags: row.tags };
    },
  );

  app.delete(
    '/stock_photos/:id',
    { schema: { tags: ['stock'], params: idParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!isAdmin(principal)) throw forbidden('ADMIN_ONLY', 'Only admins change the stock library');
      if (request.params.id >= STOCK_PHOTO_ID_LIMIT) throw notFound('Stock photo');
      const row = await deleteLibraryPhoto(db, request.params.id);
      if (!row) throw notFound('Stock photo');
      // Documents that placed this photo keep their pexelsId; the renderer then shows its image placeholder.
      // The files follow in the file cleanup job (kept while another record shares the upload).
      await scheduleFileCleanup(services, { blobIds: [row.blobId], keys: libraryFileKeys(row.files) });
      return reply.status(204).send(null);
    },
  );
};
