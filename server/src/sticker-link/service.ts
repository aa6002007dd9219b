/**
 * Sticker link rules that are not HTTP (issue 8): the public view of a link, submission rate limits, face detection
 * after a submission, and merging uploads into stickers through the realtime saving path.
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
import type { StickerUploadDetails } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { detectLargestFace, type FaceBox } from '../images/faces.ts';
import { findBlob, findImage } from '../images/repository.ts';
import type { ImageServices } from '../images/service.ts';
import { albumRoom } from '../realtime/protocol.ts';
import {
  claimForMerge,
  releaseMergeClaim,
  setStickerId,
  setStickerUploadDetails,
  type AlbumRow,
  type StickerUploadRow,
} from './repository.ts';

export const stickerLinkUnavailable = () =>
  new AppError(404, 'STICKER_LINK_UNAVAILABLE', 'This sticker link is not available');

/** The album behind a token if its link is switched on; otherwise the one 404 for inactive, unknown and deleted. */
export function activeLinkAlbum(album: AlbumRow | undefined): AlbumRow {
  if (!album || album.settings.stickerUploadEnabled !== true) throw stickerLinkUnavailable();
  return album;
}

/** Sections a contributor may choose: the album's non-static sections, in album order. */
export function selectableSections(doc: AlbumDocument): Array<{ id: string; name: string }> {
  return sectionsInOrder(doc)
    .filter((section) => section.props.static !== true)
    .map((section) => ({ id: section.id, name: String((section.props as { name?: unknown }).name ?? '') }));
}

/** What GET /public/sticker_uploads/:token shows: nothing of the album beyond the form needs. */
export function publicLinkView(album: AlbumRow) {
  const s = album.settings;
  const hidden = s.stickerUploadAnonymousUrl === true || s.stickerUploadSurpriseMode === true;
  return {
    title: hidden ? null : album.title,
    content: s.stickerUploadContent ?? null,
    white_label: s.stickerUploadWhiteLabel === true || s.stickerUploadSurpriseMode === true,
    require_position: s.stickerUploadRequirePosition === true || s.stickerUploadAskForTitle === true,
    sections: selectableSections(album.workspace),
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
 * Face detection runs on the main thread (WASM, ~0.1 s per photo plus decoding), so it must not compete with a
 * burst of contributors sending photos: submissions queue their detection here, and the queue works only once
 * no submission arrived for IDLE_MS. A merge that needs a face detects it at once.
 */
const IDLE_MS = 1_000;
const waitingDetections = new Map<string, () => Promise<unknown>>();
let lastSubmissionAt = 0;
let draining = false;

export function queueUploadFace(
  services: ImageServices,
  upload: Pick<StickerUploadRow, 'id' | 'imageId' | 'details'>,
  onError: (error: unknown) => void,
): void {
  lastSubmissionAt = Date.now();
  waitingDetections.set(upload.id, () => detectUploadFace(services, upload).catch(onError));
  if (!draining) void drainDetections();
}

async function drainDetections(): Promise<void> {
  draining = true;
  try {
    while (waitingDetections.size > 0) {
      const idleFor = Date.now() - lastSubmissionAt;
      if (idleFor < IDLE_MS) {
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS - idleFor));
        continue;
      }
      const [id, work] = waitingDetections.entries().next().value!;
      waitingDetections.delete(id);
      await work();
    }
  } finally {
    draining = false;
  }
}

/** Finds the face in a submitted photo and stores it in the upload's details (null when there is none). */
export function detectUploadFace(
  services: ImageServices,
  upload: Pick<StickerUploadRow, 'id' | 'imageId' | 'details'>,
): Promise<FaceBox | null> {
  waitingDetections.delete(upload.id);
  const running = detecting.get(upload.id);
  if (running) return running;
  const db = services.database.db;
  const work = (async () => {
    if (!upload.imageId) return null;
    const image = await findImage(db, upload.imageId);
    const blob = image && (await findBlob(db, image.blobId));
    if (!blob) return null;
    let face: FaceBox | null = null;
    try {
      face = await detectLargestFace(await services.storage.read(blob.storageKey));
    } catch {
      face = null;
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
export function faceCrop(
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
export function stickerPatchesFor(
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
        upload.details.face === undefined ? await detectUploadFace(services, upload) : upload.details.face;
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
