import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_FILES,
  IMAGE_UPLOAD_MIN_BYTES,
  IMAGE_UPLOAD_TYPES,
  type ImageUploadErrorCode,
} from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerIdentifierOf } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import { uploadRejected } from './inspect.ts';
import { blobStorageKey, findBlob, insertBlob, markPendingBlobUploaded } from './repository.ts';
import { imageServices } from './service.ts';
import { uploadStarted } from '../jobs/upload-activity.ts';
import { LOCAL_FILES_PATH, LOCAL_UPLOAD_PATH, LocalStorage, StorageNotFoundError } from '../storage/index.ts';
import {
  declaredFileSchema,
  declaredUploadsSchema,
  declareUploadsSchema,
  directUploadSchema,
  errorResponses,
} from '@stickerbook/api';

/** How long an upload URL is valid: a 16 MB photo over a slow line, with room to spare. */
const UPLOAD_URL_TTL_SECONDS = 60 * 60;

type DeclaredFile = z.infer<typeof declaredFileSchema>;

/** Size and declared-type rules checked before any byte arrives; the content is checked again afterwards. */
function declaredProblems(file: DeclaredFile): ImageUploadErrorCode[] {
  const problems: ImageUploadErrorCode[] = [];
  if (file.byte_size < IMAGE_UPLOAD_MIN_BYTES) problems.push('IMAGE_TOO_SMALL');
  if (file.byte_size > IMAGE_UPLOAD_MAX_BYTES) problems.push('IMAGE_TOO_LARGE');
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.content_type))
    problems.push('IMAGE_TYPE_NOT_ALLOWED');
  return problems;
}

/**
 * SPEC §7 "Direct file upload to storage with progress": the client declares a file, gets a URL to PUT its bytes
 * to (a signed route of ours, or a presigned S3 PUT), then creates the image record with the blob id
 * (images/routes.ts). Locally, this plugin also serves stored files through signed URLs.
 */
export const directUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = imageServices(app);
  const db = services.database.db;

  async function createUpload(ownerIdentifier: string, file: DeclaredFile) {
    const problems = declaredProblems(file);
    if (problems.length > 0) throw uploadRejected(problems);
    const blob = await insertBlob(db, {
      ownerIdentifier,
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
    return { blob_id: blob.id, upload_url: target.url, headers: target.headers };
  }

  app.post(
    '/direct_uploads',
    {
      schema: {
        tags: ['images'],
        body: declaredFileSchema,
        response: { 201: directUploadSchema, 422: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.status(201);
      return createUpload(ownerIdentifierOf(principal), request.body);
    },
  );

  app.post(
    '/direct_uploads/batch',
    {
      schema: {
        tags: ['images'],
        // The count is checked in the handler so a 16th file gets the TOO_MANY_FILES code, not a generic one.
        body: declareUploadsSchema,
        response: {
          201: declaredUploadsSchema,
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { files } = request.body;
      if (files.length > IMAGE_UPLOAD_MAX_FILES) {
        throw new AppError(422, 'TOO_MANY_FILES', `At most ${IMAGE_UPLOAD_MAX_FILES} files at once`, {
          codes: ['TOO_MANY_FILES'],
          max: IMAGE_UPLOAD_MAX_FILES,
        });
      }
      const uploads = [];
      for (const file of files) {
        const problems = declaredProblems(file);
        uploads.push(
          problems.length > 0
            ? { error: { code: problems[0], codes: problems } }
            : await createUpload(ownerIdentifierOf(principal), file),
        );
      }
      reply.status(201);
      return { uploads };
    },
  );

  if (services.storage instanceof LocalStorage) {
    await app.register(localStorageRoutes(services.storage));
  }
};

/** The local stand-ins for S3: the signed PUT of an upload and signed GETs of stored files. */
function localStorageRoutes(storage: LocalStorage): FastifyPluginAsyncZod {
  return async (app) => {
    const services = imageServices(app);
    const db = services.database.db;
    // The PUT body is the file itself, streamed to disk: no parser may buffer or interpret it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    app.put(
      `${LOCAL_UPLOAD_PATH.replace('/api/v1', '')}:id`,
      {
        schema: {
          tags: ['images'],
          params: z.object({ id: z.string().min(1).max(64) }),
          querystring: z.object({
            exp: z.string().max(20),
            n: z.string().regex(/^\d{1,12}$/),
            md5: z.string().max(30),
            sig: z.string().max(100),
          }),
          response: {
            200: z.object({ blob_id: z.string(), byte_size: z.number() }),
            422: errorEnvelopeSchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { exp, n, md5, sig } = request.query;
        // The URL signs the declared size and MD5 (LocalStorage.uploadTarget), so the bytes are checked against
        // them without reading the blob first: one query per upload, after the body is in.
        if (!services.signer.verify('PUT', LOCAL_UPLOAD_PATH + id, { exp, n, md5 }, sig)) {
          throw new AppError(403, 'INVALID_SIGNATURE', 'The upload URL is invalid or has expired');
        }
        const declared = { byteSize: Number(n), checksum: md5 };
        const declaredLength = Number(request.headers['content-length']);
        if (Number.isFinite(declaredLength) && declaredLength !== declared.byteSize) {
          throw new AppError(422, 'UPLOAD_SIZE_MISMATCH', 'The body is not the declared size');
        }
        const key = blobStorageKey(id);
        // Image jobs of this process wait while uploads come in (jobs/upload-activity.ts).
        const ended = uploadStarted();
        let result;
        try {
          result = await storage.receive(
            key,
            request.body as NodeJS.ReadableStream & import('node:stream').Readable,
            declared,
          );
        } finally {
          ended();
        }
        if (!result.ok) {
          const message =
            result.code === 'UPLOAD_SIZE_MISMATCH'
              ? 'The body is not the declared size'
              : 'The body does not match the declared MD5';
          throw new AppError(422, result.code, message);
        }
        if (!(await markPendingBlobUploaded(db, id))) {
          const blob = await findBlob(db, id);
          if (!blob) {
            // Declared and then deleted (or cleaned up) meanwhile: the file must not stay behind.
            await storage.delete([key]);
            throw notFound('Upload');
          }
          // Uploaded already: the file just written has the same signed size and MD5 as the one there was.
          throw new AppError(409, 'UPLOAD_COMPLETE', 'This file has already been uploaded');
        }
        return { blob_id: id, byte_size: declared.byteSize };
      },
    );

    app.get(
      `${LOCAL_FILES_PATH.replace('/api/v1', '')}*`,
      {
        schema: {
          tags: ['images'],
          querystring: z.object({
            ct: z.string().max(100),
            exp: z.string().max(20),
            sig: z.string().max(100),
          }),
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const { ct, exp, sig } = request.query;
        // A wrong or expired signature looks exactly like a missing file (404), so URLs reveal nothing.
        if (!services.signer.verify('GET', LOCAL_FILES_PATH + key, { ct, exp }, sig)) throw notFound('File');
        let body;
        try {
          body = await storage.stream(key);
        } catch (error) {
          if (
            error instanceof StorageNotFoundError ||
            (error as Error).message.startsWith('Unsafe storage key')
          ) {
            throw notFound('File');
          }
          throw error;
        }
        return (
          reply
            .header('content-type', ct)
            .header('cache-control', 'private, max-age=86400, immutable')
            .header('x-content-type-options', 'nosniff')
            // An SVG opened directly must not run anything even if a check ever missed something.
            .header(
              'content-security-policy',
              "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
            )
            .send(body)
        );
      },
    );
  };
}
