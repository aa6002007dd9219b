/**
 * SPEC §3 `cover_preview_url`: a real thumbnail of the album's cover (its first spread), for the start page's album
 * cards, the orders list and the admin dashboard. It is made by the print pipeline itself (export-pipeline.ts): the
 * render worker opens /render for the first spread only, as a small JPEG (48 dpi, the `small` photo variants), so
 * the thumbnail is exactly what the printer would get, comments left out.
 *
 * When it is made: after an edit has settled, never per keystroke. Every stored mutation batch hands its document
 * here (sync-service.ts `onStored`); only when the cover part of it changed is a job queued, `SETTLE_SECONDS`
 * later, and at most one per album waits at a time (pg-boss `stately` with the album as singleton key), so a burst
 * of typing on the cover renders once. A title or event-date change (PATCH /albums) queues one the same way. The job
 * compares a hash of what the cover shows (its nodes with automatic texts resolved, the settings, the title, the
 * photos' variant state) with the one rendered last, so an album whose cover did not change renders nothing.
 * An album that has none yet gets its first when one is asked for: the start page's list and the thumbnail URL
 * queue it (so the test suites and scripts that never look at covers never start a render).
 *
 * How it is served: GET /api/v1/albums/<id>/cover_preview, without a bearer token so an <img> can load it. The
 * album id is the capability: 128 random bits (album-store/albums.ts newAlbumId) that only the album's people,
 * admins and preview-link holders ever see, the same secret the preview link's path relies on. It shows the cover
 * picture and nothing else. Known limitation: someone removed from an album who kept its id can still load the
 * cover's picture (not the album) until the album is deleted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { coverDocument, type AlbumDocument } from '@stickerbook/model';
import { settingsForPreset, renderQueryEntries } from '@stickerbook/model';
import { eq, inArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/database.ts';
import { albumCoverPreviews, albums, images } from '../db/schema.ts';
import { jobSender } from '../jobs/sender.ts';
import type { BrowserPool } from '../print/chromium.ts';
import { runExport } from '../print/export-pipeline.ts';
import type { RenderTokens } from '../print/render-tokens.ts';
import { currentAlbumDocument } from '../album-store/albums.ts';
import type { BlobStorage } from '../storage/index.ts';

const COVER_PREVIEW_QUEUE = 'cover-preview';
/** How long an album's cover must stay unchanged before its thumbnail is rendered again. */
const COVER_PREVIEW_SETTLE_SECONDS = 3;
/** 460 mm at 48 dpi is 869 px wide: sharp on a start-page card (about 400 css px) on a 2x screen. */
const COVER_PREVIEW_DPI = 48;

const QUEUE_OPTIONS = { policy: 'stately' as const, retryLimit: 2, retryDelay: 5, expireInSeconds: 5 * 60 };

export interface CoverPreviewJob {
  albumId: string;
}

/** The URL of an album's cover thumbnail (the views of albums, orders and checkout use it for `cover_preview_url`). */
export function coverPreviewUrl(album: { id: string }): string {
  return `/api/v1/albums/${encodeURIComponent(album.id)}/cover_preview`;
}

/** What the thumbnail shows, as a hash: the cover document with its texts resolved, plus the photos' state. */
function coverContentHash(
  doc: AlbumDocument,
  meta: { title: string; releaseDate: string | null; language: string },
  photos: ReadonlyArray<{ id: string; variantsState: string }> = [],
): string {
  const cover = coverDocument(doc, meta);
  const nodes = Object.values(cover.doc.nodes).filter((node) => node.type !== 'Comment');
  const hash = createHash('sha256');
  hash.update(JSON.stringify([nodes, cover.doc.stickers, doc.settings, meta]));
  for (const photo of [...photos].sort((a, b) => a.id.localeCompare(b.id)))
    hash.update(`${photo.id}:${photo.variantsState};`);
  return hash.digest('base64url');
}

/** The cover nodes alone (no album header), to notice in memory which mutations touch the cover at all. */
function coverNodesKey(doc: AlbumDocument): string {
  const cover = coverDocument(doc, { title: '', releaseDate: null, language: '' });
  return createHash('sha256')
    .update(JSON.stringify([cover.doc.nodes, cover.doc.stickers, doc.settings]))
    .digest('base64url');
}

/** Per app database: the cover key each album had at its last stored mutation on this instance. */
const lastCoverKeys = new WeakMap<Database, Map<string, string>>();
const MAX_REMEMBERED_ALBUMS = 2_000;

/** Queues a render of the album's cover once edits have settled (at most one waits per album). */
export async function requestCoverPreview(database: Database, albumId: string): Promise<void> {
  await jobSender(database).send(
    COVER_PREVIEW_QUEUE,
    { albumId } satisfies CoverPreviewJob,
    { singletonKey: albumId, startAfter: COVER_PREVIEW_SETTLE_SECONDS },
    QUEUE_OPTIONS,
  );
}

/** Queues a render for an album that has a thumbnail (the job renders only if what the cover shows changed). */
export async function refreshCoverPreview(database: Database, albumId: string): Promise<void> {
  if (await findCoverPreview(database.db, albumId)) await requestCoverPreview(database, albumId);
}

/**
 * After a stored mutation batch (sync-service.ts): queues a render when the cover part of the document
 * changed since the last batch this instance saw. Never throws; a failed send is logged and the next edit or
 * request for the thumbnail tries again.
 */
export function noteAlbumDocumentStored(
  database: Database,
  albumId: string,
  doc: AlbumDocument,
  log: (error: unknown) => void = (error) => console.error('[cover preview]', error),
): void {
  let known = lastCoverKeys.get(database);
  if (!known) lastCoverKeys.set(database, (known = new Map()));
  const key = coverNodesKey(doc);
  const previous = known.get(albumId);
  known.delete(albumId);
  known.set(albumId, key);
  if (known.size > MAX_REMEMBERED_ALBUMS) known.delete(known.keys().next().value!);
  if (previous === key) return;
  // At the first batch this instance sees of an album it cannot tell whether the cover changed: the job's hash
  // decides. Albums without a thumbnail get their first when one is asked for (the start page's list, the
  // thumbnail URL), not by editing, so nothing renders for albums nobody looks at.
  refreshCoverPreview(database, albumId).catch(log);
}

export interface StoredCoverPreview {
  storageKey: string;
  contentHash: string;
  checkedVersion: number;
  renderedAt: Date;
}

export async function findCoverPreview(db: Db, albumId: string): Promise<StoredCoverPreview | undefined> {
  const [row] = await db.select().from(albumCoverPreviews).where(eq(albumCoverPreviews.albumId, albumId));
  return row;
}

export interface CoverPreviewDeps {
  database: Database;
  publicUrl: string;
  browsers: BrowserPool;
  tokens: RenderTokens;
  storage: BlobStorage;
}

/** Renders the cover when what it shows changed since the last render; stores the JPEG and drops the old one. */
export async function runCoverPreviewJob(deps: CoverPreviewDeps, job: CoverPreviewJob): Promise<void> {
  const db = deps.database.db;
  const { albumId } = job;
  const [header] = await db
    .select({ title: albums.title, releaseDate: albums.releaseDate, language: albums.language })
    .from(albums)
    .where(eq(albums.id, albumId));
  const current = header && (await currentAlbumDocument(db, albumId));
  if (!header || !current) return; // deleted meanwhile
  const photoIds = coverDocument(current.doc, header).imageIds;
  const photos =
    photoIds.length > 0
      ? await db
          .select({ id: images.id, variantsState: images.variantsState })
          .from(images)
          .where(inArray(images.id, photoIds))
      : [];
  const contentHash = coverContentHash(current.doc, header, photos);
  const previous = await findCoverPreview(db, albumId);
  if (previous?.contentHash === contentHash) {
    await db
      .update(albumCoverPreviews)
      .set({ checkedVersion: current.version })
      .where(eq(albumCoverPreviews.albumId, albumId));
    return;
  }

  const settings = settingsForPreset('custom', {
    mode: 'spread',
    range: '1',
    format: 'jpg',
    dpi: COVER_PREVIEW_DPI,
    resolution: 'small',
    compress: true,
    showStickers: true,
    includeBleed: false,
  });
  const token = await deps.tokens.signRender(albumId);
  const query = new URLSearchParams(
    renderQueryEntries({ albumId, apiUrl: `${deps.publicUrl}/api/v1`, token, settings }),
  );
  query.set('compress', 'true');
  const result = await runExport({
    browser: await deps.browsers.browser(),
    url: `${deps.publicUrl}/render/${encodeURIComponent(albumId)}?${query}`,
    settings,
    // A JPEG of the cover: no PDF/X, no CMYK.
    cmykPhotos: null,
  });
  const storageKey = `cover-previews/${albumId.replace(/[^A-Za-z0-9_-]/g, '_')}/${randomBytes(12).toString('base64url')}.jpg`;
  await deps.storage.put(storageKey, Buffer.concat(result.parts), 'image/jpeg');
  const values = { storageKey, contentHash, checkedVersion: current.version, renderedAt: new Date() };
  const stored = await db
    .insert(albumCoverPreviews)
    .values({ albumId, ...values })
    .onConflictDoUpdate({ target: albumCoverPreviews.albumId, set: values })
    .returning({ albumId: albumCoverPreviews.albumId })
    .catch(() => []); // the album was deleted while its cover rendered
  const obsolete = stored.length > 0 ? previous?.storageKey : storageKey;
  if (obsolete) await deps.storage.delete([obsolete]);
}

/** Registers the cover preview worker (main.ts runs it in-process with the export workers). */
export async function workCoverPreviews(boss: PgBoss, deps: CoverPreviewDeps): Promise<void> {
  await boss.createQueue(COVER_PREVIEW_QUEUE, { name: COVER_PREVIEW_QUEUE, ...QUEUE_OPTIONS });
  await boss.work<CoverPreviewJob>(COVER_PREVIEW_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await runCoverPreviewJob(deps, job.data);
  });
}

/** Which of these albums have a rendered cover thumbnail (one query for a page of album cards). */
export async function albumsWithCoverPreview(db: Db, albumIds: readonly string[]): Promise<Set<string>> {
  if (albumIds.length === 0) return new Set();
  const rows = await db
    .select({ albumId: albumCoverPreviews.albumId })
    .from(albumCoverPreviews)
    .where(inArray(albumCoverPreviews.albumId, [...albumIds]));
  return new Set(rows.map((row) => row.albumId));
}
