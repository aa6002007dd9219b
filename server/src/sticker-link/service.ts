/**
 * Sticker link rules that are not HTTP (issue 8): the public view of a link, submission rate limits, the face of
 * an upload, and merging uploads into stickers through the realtime saving path.
 */
import {
  createSticker,
  sectionsInOrder,
  stickerCellSize,
  getNode,
  STICKER_NAME_MAX,
  STICKER_POSITION_MAX,
  STICKER_SCALE_RANGE,
  type AlbumDocument,
  type Patch,
} from '@stickerbook/model';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ownerIdentifierOf, type Principal } from '../auth/access-tokens.ts';
import type { Db } from '../db/database.ts';
import type { StickerUploadDetails } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { detectLargestFace, type FaceBox } from '../images/faces.ts';
import { findBlob, findImage } from '../images/repository.ts';
import type { ImageServices } from '../images/service.ts';
import { albumRoom } from '../realtime/protocol.ts';
import { currentAlbumDocument } from '../album-store/albums.ts';
import {
  claimForMerge,
  releaseMergeClaim,
  setStickerId,
  setStickerUploadDetails,
  type StickerLinkAlbum,
  type StickerUploadRow,
} from './repository.ts';

const stickerLinkUnavailable = () =>
  new AppError(404, 'STICKER_LINK_UNAVAILABLE', 'This sticker link is not available');

/** The album behind a token if its link is switched on; otherwise the one 404 for inactive, unknown and deleted. */
export function activeLinkAlbum(album: StickerLinkAlbum | undefined): StickerLinkAlbum {
  if (!album || album.settings.stickerUploadEnabled !== true) throw stickerLinkUnavailable();
  return album;
}

type LinkSections = Array<{ id: string; name: string }>;
const sectionsByAlbum = new Map<string, { version: number; sections: LinkSections }>();

/**
 * The sections of a link's album at its current version. A burst of contributors reads them hundreds of times
 * while the album stays the same, so they are kept per album and version (every document change bumps the
 * version) instead of reading and parsing the whole document on each request.
 */
export async function linkSections(db: Db, album: StickerLinkAlbum): Promise<LinkSections> {
  const cached = sectionsByAlbum.get(album.id);
  if (cached && cached.version === album.version) return cached.sections;
  const current = await currentAlbumDocument(db, album.id);
  if (!current) throw stickerLinkUnavailable();
  const sections = selectableSections(current.doc);
  sectionsByAlbum.delete(album.id);
  sectionsByAlbum.set(album.id, { version: current.version, sections });
  if (sectionsByAlbum.size > 500) sectionsByAlbum.delete(sectionsByAlbum.keys().next().value!);
  return sections;
}

/** Sections a contributor may choose: the album's non-static sections, in album order. */
function selectableSections(doc: AlbumDocument): Array<{ id: string; name: string }> {
  return sectionsInOrder(doc)
    .filter((section) => section.props.static !== true)
    .map((section) => ({ id: section.id, name: String((section.props as { name?: unknown }).name ?? '') }));
}

/** Whether the link's form asks for a position or title (and the submission must carry one). */
export const linkRequiresPosition = (album: StickerLinkAlbum) =>
  album.settings.stickerUploadRequirePosition === true || album.settings.stickerUploadAskForTitle === true;

/** What GET /public/sticker_uploads/:token shows: nothing of the album beyond the form needs. */
export function publicLinkView(album: StickerLinkAlbum, sections: LinkSections) {
  const s = album.settings;
  const hidden = s.stickerUploadAnonymousUrl === true || s.stickerUploadSurpriseMode === true;
  return {
    title: hidden ? null : album.title,
    content: s.stickerUploadContent ?? null,
    white_label: s.stickerUploadWhiteLabel === true || s.stickerUploadSurpriseMode === true,
    require_position: linkRequiresPosition(album),
    sections,
  };
}

/** A fixed-window counter per key; one per process (several instances each allow the limit). */
export class WindowCounter {
  private readonly counts = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; returns the seconds to wait when the key is over its limit, else 0. */
  hit(key: string, now = Date.now()): number {
    let entry = this.counts.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      entry = { start: now, count: 0 };
      this.counts.set(key, entry);
      if (this.counts.size > 100_000) this.sweep(now);
    }
    if (entry.count >= this.limit) return Math.ceil((entry.start + this.windowMs - now) / 1000);
    entry.count += 1;
    return 0;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.counts) if (now - entry.start >= this.windowMs) this.counts.delete(key);
  }
}

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', `Too many photos sent, retry in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });

const detecting = new Map<string, Promise<FaceBox | null>>();

/**
 * The face of an upload's photo: the one the image variants job found (images/variants-job.ts finds it for every
 * sticker photo after the submission has been answered), else found now on the medium variant or the file, for
 * a merge that comes before the job. Stored in the upload's details (null when there is none).
 */
function detectUploadFace(
  services: ImageServices,
  upload: Pick<StickerUploadRow, 'id' | 'imageId' | 'details'>,
): Promise<FaceBox | null> {
  const running = detecting.get(upload.id);
  if (running) return running;
  const db = services.database.db;
  const work = (async () => {
    if (!upload.imageId) return null;
    const image = await findImage(db, upload.imageId);
    if (!image) return null;
    let face: FaceBox | null | undefined = image.details.face;
    if (face === undefined) {
      const blob = await findBlob(db, image.blobId);
      const key = image.variants.medium?.key ?? blob?.storageKey;
      try {
        face = key ? await detectLargestFace(await services.storage.read(key)) : null;
      } catch {
        face = null;
      }
    }
    await setStickerUploadDetails(db, upload.id, { ...upload.details, face });
    return face;
  })().finally(() => detecting.delete(upload.id));
  detecting.set(upload.id, work);
  return work;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The crop that centres the face in a sticker frame with the face half the frame wide (the editor's 'fit face',
 * web/src/features/images/fitFace.ts), never showing an empty edge.
 */
function faceCrop(
  face: FaceBox,
  image: { width: number; height: number },
): { cx: number; cy: number; cscale: number } {
  const frame = stickerCellSize(false);
  const cover = Math.max(frame.width / image.width, frame.height / image.height);
  const faceWidthAtCover = face.width * image.width * cover;
  const wanted = faceWidthAtCover > 0 ? (0.5 * frame.width) / faceWidthAtCover : 1;
  const cscale = Math.min(Math.max(wanted, 1), STICKER_SCALE_RANGE.max);
  const halfWidth = frame.width / (2 * image.width * cover * cscale);
  const halfHeight = frame.height / (2 * image.height * cover * cscale);
  const clamp = (value: number, half: number) => Math.min(Math.max(value, half), 1 - half);
  return {
    cx: round(clamp(face.x + face.width / 2, halfWidth)),
    cy: round(clamp(face.y + face.height / 2, halfHeight)),
    cscale: round(cscale),
  };
}

/** The sticker fields of one upload: name and last name, position, its section or the first non-static one. */
function stickerPatchesFor(
  doc: AlbumDocument,
  upload: StickerUploadRow,
  details: StickerUploadDetails,
): { patches: Patch[]; stickerId: string } {
  const section = upload.sectionId ? getNode(doc, upload.sectionId) : undefined;
  const sectionId =
    section && section.type === 'Section' && section.props.static !== true ? section.id : undefined;
  const crop = details.face ? faceCrop(details.face, details) : {};
  const change = createSticker(doc, {
    name: `${upload.name} ${upload.lastName}`.trim().slice(0, STICKER_NAME_MAX),
    position: upload.position.slice(0, STICKER_POSITION_MAX),
    doubleSticker: false,
    image: upload.imageId,
    stickerUpload: upload.id,
    createdAt: new Date().toISOString(),
    ...crop,
    ...(sectionId ? { sectionId } : {}),
  });
  return { patches: change.patches, stickerId: change.selection[0] };
}

/**
 * PATCH /albums/:id/sticker_uploads/merge: claims the uploads, adds one unplaced sticker each through the realtime
 * saving path (stored as one mutation, broadcast to open editors) and records which sticker each became.
 */
export async function mergeStickerUploads(
  app: FastifyInstance,
  services: ImageServices,
  principal: Principal,
  albumId: string,
  ids: string[],
): Promise<{ merged: StickerUploadRow[]; mergedAt: Date }> {
  const db = services.database.db;
  const mergedAt = new Date();
  const claimed = await claimForMerge(db, albumId, ids, mergedAt);
  if (claimed.length === 0) return { merged: [], mergedAt };
  try {
    const current = await app.realtime.sync.current(albumId);
    if (!current) throw new AppError(404, 'NOT_FOUND', 'Album not found');
    const patches: Patch[] = [];
    const stickerIds = new Map<string, string>();
    for (const upload of claimed) {
      const image = upload.imageId ? await findImage(db, upload.imageId) : undefined;
      const face =
        image?.details.face !== undefined ? image.details.face : await detectUploadFace(services, upload);
      const size = image?.details ?? upload.details;
      const details = { ...upload.details, width: size.width, height: size.height, face };
      const result = stickerPatchesFor(current.doc, upload, details);
      patches.push(...result.patches);
      stickerIds.set(upload.id, result.stickerId);
    }
    const payload = {
      patches,
      version: current.version,
      clientId: 'sticker-link',
      mutationId: `sticker-link-merge-${randomBytes(9).toString('base64url')}`,
    };
    const result = await app.realtime.sync.submit(albumId, principal, payload);
    if (!result.ok) {
      if (result.code === 'ALBUM_LOCKED') throw new AppError(409, 'ALBUM_LOCKED', result.message);
      if (result.code === 'ACCESS_LOST') throw new AppError(404, 'NOT_FOUND', 'Album not found');
      throw new AppError(503, 'SAVE_FAILED', result.message);
    }
    app.realtime.io.to(albumRoom(albumId)).emit('mutations', {
      patches: result.patches,
      version: result.version,
      clientId: payload.clientId,
      mutationId: payload.mutationId,
      userId: ownerIdentifierOf(principal),
    });
    for (const upload of claimed) {
      const stickerId = stickerIds.get(upload.id)!;
      await setStickerId(db, upload.id, stickerId);
      upload.stickerId = stickerId;
    }
    return { merged: claimed, mergedAt };
  } catch (error) {
    await releaseMergeClaim(
      db,
      claimed.map((upload) => upload.id),
    );
    throw error;
  }
}
