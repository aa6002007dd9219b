/**
 * The public side of the sticker link (issue 8; SPEC §7 "Public"): a contributor without an account reads the
 * link, uploads a photo (a direct upload scoped to the link) and sends it. Nothing here reveals anything of the
 * album beyond the link's title, message and section names, nor any other contributor's upload.
 */
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MIN_BYTES,
  readImageHeaderSize,
  sniffImageType,
  type ImageUploadErrorCode,
} from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import { resolveJwtSecret } from '../config/jwt-secret.ts';
import { detectLargestFace } from '../images/faces.ts';
import { uploadRejected } from '../images/inspect.ts';
import {
  claimUploadedBlob,
  findBlob,
  findImage,
  insertBlob,
  STICKER_LINK_UPLOADER_PREFIX,
  type BlobRow,
  type ImageRow,
} from '../images/repository.ts';
import { createImageFromBlob, deleteImageWithFiles, imageServices } from '../images/service.ts';
import { stickerUploadsChanged } from '../realtime/sticker-upload-news.ts';
import { mailsOwner, stickerUploadMailSender } from './notifications.ts';
import {
  findAlbumByStickerToken,
  findStickerUpload,
  insertStickerUpload,
  listStickerUploadsOfSession,
  replaceOwnStickerUpload,
  type StickerLinkAlbum,
  type StickerUploadRow,
} from './repository.ts';
import { ContributorSessions } from './sessions.ts';
import {
  activeLinkAlbum,
  linkRequiresPosition,
  linkSections,
  publicLinkView,
  rateLimited,
  WindowCounter,
} from './service.ts';
import {
  declaredFileSchema,
  directUploadSchema,
  errorResponses,
  faceCheckSchema,
  ownUploadListSchema,
  ownUploadSchema,
  replaceStickerUploadSchema,
  stickerLinkSchema,
  submitStickerUploadSchema,
  submittedUploadSchema,
} from '@stickerbook/api';

/** Photos only: a sticker is a person's photo (SPEC §5). */
const STICKER_LINK_TYPES = ['image/jpeg', 'image/png'] as const;
const UPLOAD_URL_TTL_SECONDS = 60 * 60;
const HOUR_MS = 60 * 60 * 1000;

const tokenParams = z.object({ token: z.string().min(1).max(64) });
/** The form sends an 800 px preview (SPEC §9); a few MB of base64 is plenty. */
const FACE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
const FACE_CHECK_MAX_PIXELS = 4096 * 4096;

/** The blob owner of link uploads: only this link's submissions may use them. */
const linkUploader = (albumId: string) => `${STICKER_LINK_UPLOADER_PREFIX}${albumId}`;

export const publicStickerUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = imageServices(app);
  const db = services.database.db;
  const { config } = app.ctx;
  const rateLimit = { max: config.rateLimits.publicPerMinute, timeWindow: '1 minute' };
  const perIp = new WindowCounter(config.stickerLink.submissionsPerIpPerHour, HOUR_MS);
  const perLink = new WindowCounter(config.stickerLink.submissionsPerLinkPerHour, HOUR_MS);

  // Face checks one IP may run on one link per hour: a contributor may try a couple of photos per submission.
  const faceChecks = new WindowCounter(Math.max(10, 2 * config.stickerLink.submissionsPerIpPerHour), HOUR_MS);
  const sessions = new ContributorSessions(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const mailSender = stickerUploadMailSender(services.database, config.stickerLink.mailBatchSeconds);

  const activeAlbum = async (token: string) => activeLinkAlbum(await findAlbumByStickerToken(db, token));

  app.get(
    '/public/sticker_uploads/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        params: tokenParams,
        response: { 200: stickerLinkSchema, ...errorResponses },
      },
    },
    async (request) => {
      const album = await activeAlbum(request.params.token);
      return publicLinkView(album, await linkSections(db, album));
    },
  );

  app.post(
    '/public/sticker_uploads/:token/direct_uploads',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        params: tokenParams,
        body: declaredFileSchema,
        response: {
          201: directUploadSchema,
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

  /**
   * The photo a contributor sends, claimed for their upload: the blob must be one declared on this link, uploaded
   * and not yet used. One statement on the usual path; the lookup only tells the failures apart (and lets an S3
   * upload, which never passed through us, be verified by createImageFromBlob).
   */
  async function claimLinkPhoto(album: { id: string }, blobId: string) {
    const claimed = await claimUploadedBlob(db, blobId, linkUploader(album.id));
    if (claimed) return { blob: claimed, claimed: true };
    const blob = await findBlob(db, blobId);
    // Another link's or an editor's upload is as good as none.
    if (!blob || blob.ownerIdentifier !== linkUploader(album.id)) throw notFound('Upload');
    return { blob, claimed: false };
  }

  async function checkFields(
    album: StickerLinkAlbum,
    input: { position?: string; section_id?: string | null },
  ): Promise<string | null> {
    if (linkRequiresPosition(album) && !input.position) {
      throw new AppError(422, 'POSITION_REQUIRED', 'Please enter a position or title');
    }
    const sectionId = input.section_id ?? null;
    if (sectionId !== null && !(await linkSections(db, album)).some((section) => section.id === sectionId)) {
      throw new AppError(422, 'UNKNOWN_SECTION', 'This section does not exist in the album');
    }
    return sectionId;
  }

  function countSubmission(albumId: string, ip: string) {
    const waitIp = perIp.hit(`${albumId}:${ip}`);
    if (waitIp > 0) throw rateLimited(waitIp);
    const waitLink = perLink.hit(albumId);
    if (waitLink > 0) throw rateLimited(waitLink);
  }

  const newPhoto = (album: StickerLinkAlbum, photo: { blob: BlobRow; claimed: boolean }) =>
    createImageFromBlob(services, {
      albumId: album.id,
      blob: photo.blob,
      claimed: photo.claimed,
      model: 'sticker',
      uploaderIdentifier: linkUploader(album.id),
      tags: ['sticker_upload'],
    });

  /** The view of an own upload; the image (and its blob) when the caller has them at hand already. */
  async function ownView(row: StickerUploadRow, known?: { image: ImageRow; blob: BlobRow }) {
    const image = known?.image ?? (row.imageId ? await findImage(db, row.imageId) : undefined);
    let photoUrl: string | null = null;
    if (image) {
      const variant = image.variantsState === 'finished' ? image.variants.small : undefined;
      const blob = variant ? undefined : (known?.blob ?? (await findBlob(db, image.blobId)));
      if (variant) photoUrl = await services.storage.readUrl(variant.key, variant.contentType);
      else if (blob) photoUrl = await services.storage.readUrl(blob.storageKey, image.contentType);
    }
    return {
      id: row.id,
      name: row.name,
      last_name: row.lastName,
      position: row.position,
      section_id: row.sectionId,
      created_at: row.createdAt.toISOString(),
      merged: row.mergedAt !== null,
      photo_url: photoUrl,
    };
  }

  app.post(
    '/public/sticker_uploads/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        description:
          'Sends a photo. Answers with the upload and the contributor session token: send it back as ' +
          '`Authorization: Bearer` with the next submissions to keep one session (an invalid or expired one ' +
          'starts a new session).',
        params: tokenParams,
        body: submitStickerUploadSchema,
        response: {
          201: submittedUploadSchema,
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const album = await activeAlbum(request.params.token);
      const input = request.body.sticker_upload;
      const sectionId = await checkFields(album, input);
      countSubmission(album.id, request.ip);
      const photo = await claimLinkPhoto(album, input.blob_id);

      const authorization = request.headers.authorization;
      const session = authorization?.startsWith('Bearer ')
        ? await sessions.check(authorization.slice('Bearer '.length).trim(), album.id)
        : undefined;
      const sessionId = session?.ok ? session.sessionId : ContributorSessions.newSessionId();

      const image = await newPhoto(album, photo);
      const mailed = mailsOwner(album);
      const upload = await insertStickerUpload(db, {
        albumId: album.id,
        imageId: image.id,
        name: input.name,
        lastName: input.last_name ?? '',
        position: input.position ?? '',
        sectionId,
        clientId: input.client_id,
        sessionId,
        details: { width: image.details.width, height: image.details.height },
        // Nobody is mailed about it: mark it as done so it never waits for a mail.
        notifiedAt: mailed ? null : new Date(),
      });
      // The face is found and the variants made by the image job after this answer (images/variants-job.ts).
      if (mailed) await mailSender.schedule(upload);
      // The owner's open panel lists it now, not at its next poll (live.ts).
      stickerUploadsChanged(album.id);
      reply.status(201);
      return {
        ...(await ownView(upload, { image, blob: photo.blob })),
        session_token: await sessions.issue(album.id, sessionId),
      };
    },
  );

  app.get(
    '/public/sticker_uploads/:token/mine',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        description:
          'What this contributor session sent to the link (`Authorization: Bearer <session token>`).',
        params: tokenParams,
        response: { 200: ownUploadListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const album = await activeAlbum(request.params.token);
      const sessionId = await sessions.require(request.headers.authorization, album.id);
      const rows = await listStickerUploadsOfSession(db, album.id, sessionId);
      return { sticker_uploads: await Promise.all(rows.map((row) => ownView(row))) };
    },
  );

  app.put(
    '/public/sticker_uploads/:token/uploads/:id',
    {
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        description:
          "Replaces one of this session's uploads (fields, and the photo when `blob_id` is given) until the " +
          'owner has merged it.',
        params: tokenParams.extend({ id: z.string().min(1).max(64) }),
        body: replaceStickerUploadSchema,
        response: {
          200: ownUploadSchema,
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const album = await activeAlbum(request.params.token);
      const sessionId = await sessions.require(request.headers.authorization, album.id);
      const input = request.body.sticker_upload;
      const current = await findStickerUpload(db, request.params.id);
      // Someone else's upload, or one of another link, looks exactly like a missing one.
      if (!current || current.albumId !== album.id || current.sessionId !== sessionId)
        throw notFound('Sticker upload');
      if (current.mergedAt) throw alreadyMerged();
      const sectionId = await checkFields(album, input);
      if (input.blob_id) countSubmission(album.id, request.ip);
      const photo = input.blob_id ? await claimLinkPhoto(album, input.blob_id) : undefined;

      const image = photo ? await newPhoto(album, photo) : undefined;
      const replaced = await replaceOwnStickerUpload(
        db,
        { id: current.id, albumId: album.id, sessionId },
        {
          name: input.name,
          lastName: input.last_name ?? '',
          position: input.position ?? '',
          sectionId,
          ...(image
            ? {
                imageId: image.id,
                // A new photo has its own face, found by its image job.
                details: { width: image.details.width, height: image.details.height },
              }
            : {}),
        },
      );
      if (!replaced) {
        // Merged (or deleted) in the meantime: the new photo is not needed.
        if (image) await deleteImageWithFiles(services, image);
        throw alreadyMerged();
      }
      if (image && replaced.before.imageId) {
        const old = await findImage(db, replaced.before.imageId);
        if (old) await deleteImageWithFiles(services, old);
      }
      stickerUploadsChanged(album.id);
      return ownView(replaced.after);
    },
  );

  app.post(
    '/public/sticker_uploads/:token/face_detection',
    {
      bodyLimit: FACE_BODY_LIMIT_BYTES,
      config: { rateLimit },
      schema: {
        tags: ['sticker link'],
        description:
          "SPEC §2: the contributor's photo is checked for a face before sending. The form sends its " +
          'downscaled preview; answers the largest face as fractions, or null.',
        params: tokenParams,
        body: z.strictObject({ base64_image: z.string().min(1).max(FACE_BODY_LIMIT_BYTES) }),
        response: {
          200: faceCheckSchema,
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const album = await activeAlbum(request.params.token);
      const wait = faceChecks.hit(`${album.id}:${request.ip}`);
      if (wait > 0) throw rateLimited(wait);
      const base64 = request.body.base64_image.replace(/^data:[\w/+.-]+;base64,/, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
        throw new AppError(400, 'VALIDATION_FAILED', 'base64_image is not base64');
      }
      const image = Buffer.from(base64, 'base64');
      const type = sniffImageType(image);
      if (!type || !(STICKER_LINK_TYPES as readonly string[]).includes(type)) {
        throw uploadRejected(['IMAGE_TYPE_NOT_ALLOWED']);
      }
      const size = readImageHeaderSize(image);
      if (!size || size.width * size.height > FACE_CHECK_MAX_PIXELS) {
        throw uploadRejected(['IMAGE_TOO_MANY_PIXELS']);
      }
      try {
        return { face: await detectLargestFace(image) };
      } catch {
        throw uploadRejected(['IMAGE_UNREADABLE']);
      }
    },
  );
};

const alreadyMerged = () =>
  new AppError(409, 'STICKER_UPLOAD_MERGED', 'The album owner has already added this photo to the album');
