/**
 * The public side of the sticker link (issue 8; SPEC §7 "Public"): a contributor without an account reads the
 * link, uploads a photo (a direct upload scoped to the link) and sends it. Nothing here reveals anything of the
 * album beyond the link's title, message and section names, nor any other contributor's upload.
 */
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MIN_BYTES,
  type ImageUploadErrorCode,
} from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import { uploadRejected } from '../images/inspect.ts';
import { findBlob, insertBlob } from '../images/repository.ts';
import { createImageFromBlob, imageServices } from '../images/service.ts';
import {
  findAlbumByStickerToken,
  insertStickerUpload,
  listStickerUploadsOfClient,
} from '../sticker-link/repository.ts';
import {
  activeLinkAlbum,
  publicLinkView,
  queueUploadFace,
  rateLimited,
  selectableSections,
  WindowCounter,
} from '../sticker-link/service.ts';
import { errorResponses } from './schemas.ts';

/** Photos only: a sticker is a person's photo (SPEC §5). */
export const STICKER_LINK_TYPES = ['image/jpeg', 'image/png'] as const;
const UPLOAD_URL_TTL_SECONDS = 60 * 60;
const HOUR_MS = 60 * 60 * 1000;

const tokenParams = z.object({ token: z.string().min(1).max(64) });
const linkSchema = z.object({
  title: z.string().nullable(),
  content: z.string().nullable(),
  white_label: z.boolean(),
  require_position: z.boolean(),
  sections: z.array(z.object({ id: z.string(), name: z.string() })),
});
const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'Must be 16-100 of [A-Za-z0-9_-]');
const ownUploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  last_name: z.string(),
  position: z.string(),
  section_id: z.string().nullable(),
  created_at: z.string(),
});

/** The blob owner of link uploads: only this link's submissions may use them. */
const linkUploader = (albumId: string) => `sticker_link:${albumId}`;

export const publicStickerUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = imageServices(app);
  const db = services.database.db;
  const { config } = app.ctx;
  const rateLimit = { max: config.rateLimits.publicPerMinute, timeWindow: '1 minute' };
  const perIp = new WindowCounter(config.stickerLink.submissionsPerIpPerHour, HOUR_MS);
  const perLink = new WindowCounter(config.stickerLink.submissionsPerLinkPerHour, HOUR_MS);

  const activeAlbum = async (token: string) => activeLinkAlbum(await findAlbumByStickerToken(db, token));

  app.get(
    '/public/sticker_uploads/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        params: tokenParams,
        response: { 200: linkSchema, ...errorResponses },
      },
    },
    async (request) => publicLinkView(await activeAlbum(request.params.token)),
  );

  app.post(
    '/public/sticker_uploads/:token/direct_uploads',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        params: tokenParams,
        body: z.strictObject({
          filename: z.string().trim().min(1).max(255),
          byte_size: z
            .number()
            .int()
            .min(0)
            .max(2 ** 31),
          checksum: z.string().regex(/^[A-Za-z0-9+/]{22}==$/, 'Must be a base64 MD5'),
          content_type: z.string().min(1).max(100),
        }),
        response: {
          201: z.object({
            blob_id: z.string(),
            upload_url: z.string(),
            headers: z.record(z.string(), z.string()),
          }),
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const album = await activeAlbum(request.params.token);
      const file = request.body;
      const problems: ImageUploadErrorCode[] = [];
      if (file.byte_size < IMAGE_UPLOAD_MIN_BYTES) problems.push('IMAGE_TOO_SMALL');
      if (file.byte_size > IMAGE_UPLOAD_MAX_BYTES) problems.push('IMAGE_TOO_LARGE');
      if (!(STICKER_LINK_TYPES as readonly string[]).includes(file.content_type))
        problems.push('IMAGE_TYPE_NOT_ALLOWED');
      if (problems.length > 0) throw uploadRejected(problems);
      const blob = await insertBlob(db, {
        ownerIdentifier: linkUploader(album.id),
        filename: file.filename,
        contentType: file.content_type,
        byteSize: file.byte_size,
        checksum: file.checksum,
      });
      const target = await services.storage.uploadTarget(blob.storageKey, {
        blobId: blob.id,
        byteSize: blob.byteSize,
        checksum: blob.checksum,
        contentType: blob.contentType,
        expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
      });
      reply.status(201);
      return { blob_id: blob.id, upload_url: target.url, headers: target.headers };
    },
  );

  app.post(
    '/public/sticker_uploads/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        params: tokenParams,
        body: z.strictObject({
          sticker_upload: z.strictObject({
            name: z.string().trim().min(1).max(30),
            last_name: z.string().trim().max(30).optional(),
            position: z.string().trim().max(30).optional(),
            section_id: z.string().max(100).nullable().optional(),
            blob_id: z.string().min(1).max(64),
            client_id: clientIdSchema,
            details: z.object({ width: z.number().positive(), height: z.number().positive() }).optional(),
          }),
        }),
        response: {
          201: ownUploadSchema,
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const album = await activeAlbum(request.params.token);
      const input = request.body.sticker_upload;
      const view = publicLinkView(album);
      if (view.require_position && !input.position) {
        throw new AppError(422, 'POSITION_REQUIRED', 'Please enter a position or title');
      }
      const sectionId = input.section_id ?? null;
      if (
        sectionId !== null &&
        !selectableSections(album.workspace).some((section) => section.id === sectionId)
      ) {
        throw new AppError(422, 'UNKNOWN_SECTION', 'This section does not exist in the album');
      }
      const blob = await findBlob(db, input.blob_id);
      // Another link's or an editor's upload is as good as none.
      if (!blob || blob.ownerIdentifier !== linkUploader(album.id)) throw notFound('Upload');
      const waitIp = perIp.hit(`${album.id}:${request.ip}`);
      if (waitIp > 0) throw rateLimited(waitIp);
      const waitLink = perLink.hit(album.id);
      if (waitLink > 0) throw rateLimited(waitLink);

      const image = await createImageFromBlob(services, {
        albumId: album.id,
        blob,
        model: 'sticker',
        uploaderIdentifier: linkUploader(album.id),
        tags: ['sticker_upload'],
      });
      const upload = await insertStickerUpload(db, {
        albumId: album.id,
        imageId: image.id,
        name: input.name,
        lastName: input.last_name ?? '',
        position: input.position ?? '',
        sectionId,
        clientId: input.client_id,
        details: { width: image.details.width, height: image.details.height },
      });
      // The contributor does not wait for face detection; a merge waits for it if it has not finished.
      queueUploadFace(services, upload, (error) =>
        request.log.warn({ err: error }, 'face detection of a sticker upload failed'),
      );
      reply.status(201);
      return ownView(upload);
    },
  );

  app.get(
    '/public/sticker_uploads/:token/mine',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        params: tokenParams,
        querystring: z.object({ client_id: clientIdSchema }),
        response: { 200: z.object({ sticker_uploads: z.array(ownUploadSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const album = await activeAlbum(request.params.token);
      const rows = await listStickerUploadsOfClient(db, album.id, request.query.client_id);
      return { sticker_uploads: rows.map(ownView) };
    },
  );
};

function ownView(row: {
  id: string;
  name: string;
  lastName: string;
  position: string;
  sectionId: string | null;
  createdAt: Date;
}) {
  return {
    id: row.id,
    name: row.name,
    last_name: row.lastName,
    position: row.position,
    section_id: row.sectionId,
    created_at: row.createdAt.toISOString(),
  };
}
