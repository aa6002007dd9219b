/**
 * The server side of saving (DESIGN.md "The album document"; issue 6): takes a client's mutation, checks it,
 * applies it with per-field last-writer-wins and stores its log row with the album's next version.
 *
 * - Mutations of one album run one after the other on this instance (a promise chain per album); across
 *   instances the version guard in `storeMutation` orders them, and a stale cache is reloaded and the mutation
 *   re-applied on the fresh document.
 * - Each instance keeps the albums it is editing in memory (document, version, recent mutation ids), with the
 *   database as the truth: the document is never re-read or re-serialised for a mutation, and only the touched
 *   nodes are validated (`applyMutation` in packages/model).
 * - Last writer wins per field: a mutation applies to the current document whatever `version` it was based on,
 *   because per-field patches need no rebase. Patches that no longer apply (a removed node) make it invalid.
 * - Snapshot + log: a saved mutation is only its log row and the version bump; the stored document is a
 *   snapshot that this service brings up to date (`foldAlbumDocument`) when the album has been quiet for
 *   FOLD_IDLE_MS, every FOLD_EVERY mutations, when the last editor on this instance leaves, and on shutdown.
 *   The cached document is the document at the cached version, so folding needs no read.
 */
import type { ApiErrorCodeSubset } from '@stickerbook/api';
import { applyMutation, type AlbumDocument, type MutationActor, type Patch } from '@stickerbook/model';
import type { Principal } from '../auth/access-tokens.ts';
import { isAdmin } from '../auth/access-tokens.ts';
import type { Db } from '../db/database.ts';
import { findMutationVersion, storeMutations } from '../repositories/album-mutations.ts';
import { currentAlbumDocument, findAlbumHeaderFor, foldAlbumDocument } from '../repositories/albums.ts';

/** The wire payload of a `mutations` event (docs/realtime.md). */
export interface MutationPayload {
  patches: unknown;
  version: number;
  clientId: string;
  mutationId: string;
}

export type MutationErrorCode = ApiErrorCodeSubset<
  | 'INVALID_PAYLOAD'
  | 'INVALID_MUTATION'
  | 'COMMENT_FORBIDDEN'
  | 'ALBUM_LOCKED'
  | 'ACCESS_LOST'
  | 'SAVE_FAILED'
>;

export type SubmitResult =
  | { ok: true; version: number; duplicate: boolean; patches: Patch[] }
  | { ok: false; code: MutationErrorCode; message: string; path?: string };

interface CachedAlbum {
  /** The document at `version`. */
  doc: AlbumDocument;
  version: number;
  /** The version the stored snapshot is known to reflect at least. */
  snapshotVersion: number;
  locked: boolean;
  folding?: Promise<void>;
  idleTimer?: NodeJS.Timeout;
  /** mutationId -> version of the mutations this instance stored recently (fast idempotency answer). */
  recent: Map<string, number>;
}

const MAX_PATCHES_PER_MUTATION = 5_000;
const MAX_RECENT_IDS = 2_000;
const MAX_CACHED_ALBUMS = 500;
const MAX_STALE_RETRIES = 5;
/** Mutations of one album stored in one statement at most. */
const MAX_BATCH = 100;
const ID = /^[A-Za-z0-9_:.-]{1,100}$/;
/** Fold the log into the stored document after this much quiet on an album... */
export const FOLD_IDLE_MS = 2_000;
/** ...or once this many mutations are not in it. */
export const FOLD_EVERY = 200;

export interface AlbumSyncOptions {
  foldIdleMs?: number;
  foldEvery?: number;
  /** Where failures of background folding go (they are retried by the next fold or reader). */
  onError?: (error: unknown, albumId: string) => void;
  /** After a batch of mutations is stored, with the album's document as it now is (cover thumbnails follow it). */
  onStored?: (albumId: string, doc: AlbumDocument) => void;
}

export function parseMutationPayload(payload: unknown): MutationPayload | string {
  if (typeof payload !== 'object' || payload === null) return 'the payload must be an object';
  const { patches, version, clientId, mutationId } = payload as Record<string, unknown>;
  if (typeof mutationId !== 'string' || !ID.test(mutationId))
    return 'mutationId must be 1-100 of [A-Za-z0-9_:.-]';
  if (typeof clientId !== 'string' || !ID.test(clientId)) return 'clientId must be 1-100 of [A-Za-z0-9_:.-]';
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    return 'version must be a non-negative integer';
  if (!Array.isArray(patches) || patches.length === 0) return 'patches must be a non-empty array';
  if (patches.length > MAX_PATCHES_PER_MUTATION) return `at most ${MAX_PATCHES_PER_MUTATION} patches`;
  return { patches, version, clientId, mutationId };
}

interface Job {
  principal: Principal;
  payload: MutationPayload;
  resolve(result: SubmitResult): void;
}

export class AlbumSyncService {
  private readonly cache = new Map<string, CachedAlbum>();
  private readonly waiting = new Map<string, Job[]>();
  private readonly running = new Set<string>();

  private readonly foldIdleMs: number;
  private readonly foldEvery: number;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: AlbumSyncOptions = {},
  ) {
    this.foldIdleMs = options.foldIdleMs ?? FOLD_IDLE_MS;
    this.foldEvery = options.foldEvery ?? FOLD_EVERY;
  }

  private async load(albumId: string): Promise<CachedAlbum | undefined> {
    const row = await currentAlbumDocument(this.db, albumId);
    if (!row) {
      this.cache.delete(albumId);
      return undefined;
    }
    const previous = this.cache.get(albumId);
    if (previous) clearTimeout(previous.idleTimer);
    const entry: CachedAlbum = {
      doc: row.doc,
      version: row.version,
      snapshotVersion: row.snapshotVersion,
      locked: row.locked,
      recent: previous?.recent ?? new Map(),
    };
    // A tail someone left (another instance, a crash) is folded once this instance is done with the album.
    if (entry.version > entry.snapshotVersion) this.scheduleFold(albumId, entry);
    this.cache.delete(albumId);
    this.cache.set(albumId, entry);
    if (this.cache.size > MAX_CACHED_ALBUMS) {
      const [oldestId, oldest] = this.cache.entries().next().value!;
      this.cache.delete(oldestId);
      void this.fold(oldestId, oldest);
    }
    return entry;
  }

  /**
   * The album's lock changed (print approval, feedback, an admin's switch). The cached flag follows at once, so
   * this instance refuses a locked album's mutations without waiting for the database to say so; the store
   * re-checks the lock in its own statement anyway, so a change that has not arrived yet cannot slip through.
   */
  setLocked(albumId: string, locked: boolean): void {
    const entry = this.cache.get(albumId);
    if (entry) entry.locked = locked;
  }

  /** Forget an album nobody edits on this instance any more, folding its log into the stored document first. */
  release(albumId: string): Promise<void> {
    const entry = this.cache.get(albumId);
    if (!entry || this.running.has(albumId)) return Promise.resolve();
    this.cache.delete(albumId);
    return this.fold(albumId, entry);
  }

  /** The current document, read from the database (snapshot + log). */
  async current(albumId: string): Promise<{ doc: AlbumDocument; version: number } | undefined> {
    const entry = await this.load(albumId);
    return entry && { doc: entry.doc, version: entry.version };
  }

  /** The version this instance last saw for an album it holds in memory (no database read). */
  cachedVersion(albumId: string): number | undefined {
    return this.cache.get(albumId)?.version;
  }

  /** Folds every album this instance holds and stops the idle timers: call before the database closes. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.cache].map(([albumId, entry]) => this.fold(albumId, entry)));
  }

  /** Folds now every album this instance holds (tests, shutdown). */
  async foldAll(): Promise<void> {
    await Promise.all([...this.cache].map(([albumId, entry]) => this.fold(albumId, entry)));
  }

  private scheduleFold(albumId: string, entry: CachedAlbum): void {
    clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    if (this.closed) return;
    if (entry.version - entry.snapshotVersion >= this.foldEvery) {
      void this.fold(albumId, entry);
      return;
    }
    entry.idleTimer = setTimeout(() => void this.fold(albumId, entry), this.foldIdleMs);
    entry.idleTimer.unref();
  }

  /**
   * Writes the cached document as the snapshot at the cached version. Several instances may do this at once:
   * `foldAlbumDocument` only moves the snapshot forward, and every instance's document is the one of its version.
   */
  private fold(albumId: string, entry: CachedAlbum): Promise<void> {
    clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    if (entry.folding) return entry.folding;
    const { doc, version } = entry;
    if (version <= entry.snapshotVersion) return Promise.resolve();
    entry.folding = foldAlbumDocument(this.db, albumId, doc, version)
      .then(
        () => {
          entry.snapshotVersion = Math.max(entry.snapshotVersion, version);
        },
        (error: unknown) => this.options.onError?.(error, albumId),
      )
      .finally(() => {
        entry.folding = undefined;
        // Mutations stored while the fold ran are folded after the next quiet spell.
        if (entry.version > entry.snapshotVersion && this.cache.get(albumId) === entry)
          this.scheduleFold(albumId, entry);
      });
    return entry.folding;
  }

  /**
   * Checks, applies and stores one mutation. The store re-checks owner/collaborator/admin and the lock on the
   * album row itself, so a revoked or locked album is noticed on the next mutation.
   */
  submit(albumId: string, principal: Principal, payload: MutationPayload): Promise<SubmitResult> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(albumId) ?? [];
      queue.push({ principal, payload, resolve });
      this.waiting.set(albumId, queue);
      if (!this.running.has(albumId)) void this.drain(albumId);
    });
  }

  /** Drops the cached album without folding it (it may be behind the database). */
  private forget(albumId: string): void {
    clearTimeout(this.cache.get(albumId)?.idleTimer);
    this.cache.delete(albumId);
  }

  /** One worker per album on this instance: takes everything queued meanwhile and stores it as one batch. */
  private async drain(albumId: string): Promise<void> {
    this.running.add(albumId);
    try {
      for (;;) {
        const jobs = this.waiting.get(albumId)?.splice(0, MAX_BATCH) ?? [];
        if (jobs.length === 0) break;
        const open = new Set(jobs);
        const answer = (job: Job, result: SubmitResult) => {
          open.delete(job);
          job.resolve(result);
        };
        try {
          await this.storeBatch(albumId, jobs, answer, (job) => open.has(job));
        } catch {
          // The database is away: the clients keep their mutations and send them again; our cache may be behind.
          this.forget(albumId);
        }
        for (const job of open)
          job.resolve({ ok: false, code: 'SAVE_FAILED', message: 'The album could not be saved; try again' });
      }
    } finally {
      this.running.delete(albumId);
      if (this.waiting.get(albumId)?.length === 0) this.waiting.delete(albumId);
    }
  }

  private async storeBatch(
    albumId: string,
    jobs: Job[],
    answer: (job: Job, result: SubmitResult) => void,
    isOpen: (job: Job) => boolean,
  ): Promise<void> {
    let pending = jobs;
    let lockReloaded = false;
    for (let attempt = 0; attempt <= MAX_STALE_RETRIES && pending.length > 0; attempt++) {
      let entry = this.cache.get(albumId) ?? (await this.load(albumId));
      if (!entry) {
        for (const job of pending) answer(job, accessLost());
        return;
      }
      if (entry.locked && !lockReloaded && pending.some((job) => !isAdmin(job.principal))) {
        // The lock may have been lifted since we cached the row (PATCH /albums does not bump the version).
        lockReloaded = true;
        entry = await this.load(albumId);
        if (!entry) continue;
      }

      let doc = entry.doc;
      const accepted: Array<{ job: Job; patches: Patch[] }> = [];
      const inBatch = new Set<string>();
      for (const job of pending) {
        const { mutationId } = job.payload;
        const known = entry.recent.get(mutationId);
        if (known !== undefined || inBatch.has(mutationId)) {
          if (known !== undefined) answer(job, { ok: true, version: known, duplicate: true, patches: [] });
          continue; // a second copy in the same batch is answered with the first one's version below
        }
        if (entry.locked && !isAdmin(job.principal)) {
          answer(job, locked());
          continue;
        }
        const result = applyMutation(
          doc,
          job.payload.patches,
          MAX_PATCHES_PER_MUTATION,
          actorOf(job.principal),
        );
        if (result.ok === false && result.forbidden) {
          answer(job, forbidden(result.forbidden.message));
          continue;
        }
        if (!result.ok) {
          // A re-send of a mutation stored before this instance's memory (restart, other instance) may no longer
          // apply (it removed a node that is gone now): the log decides, not the document.
          const stored = await findMutationVersion(this.db, albumId, mutationId);
          if (stored !== undefined) {
            remember(entry, mutationId, stored);
            answer(job, { ok: true, version: stored, duplicate: true, patches: [] });
          } else answer(job, invalid(result));
          continue;
        }
        doc = result.doc;
        inBatch.add(mutationId);
        accepted.push({ job, patches: result.patches });
      }
      if (accepted.length === 0) break;

      const stored = await storeMutations(this.db, {
        albumId,
        baseVersion: entry.version,
        mutations: accepted.map(({ job, patches }) => ({
          patches,
          principal: job.principal,
          clientId: job.payload.clientId,
          mutationId: job.payload.mutationId,
        })),
      });
      if (stored.kind === 'stored') {
        const base = entry.version;
        entry.doc = doc;
        entry.version = base + accepted.length;
        accepted.forEach(({ job, patches }, i) => {
          remember(entry, job.payload.mutationId, base + i + 1);
          answer(job, { ok: true, version: base + i + 1, duplicate: false, patches });
        });
        this.scheduleFold(albumId, entry);
        this.options.onStored?.(albumId, doc);
        // Copies of a mutation id that came twice in this batch.
        for (const job of pending) {
          const version = entry.recent.get(job.payload.mutationId);
          if (version !== undefined && isOpen(job))
            answer(job, { ok: true, version, duplicate: true, patches: [] });
        }
        return;
      }

      // Stale: find out who may no longer write, which ids were stored before, then retry on a fresh document.
      for (const principal of new Set(accepted.map(({ job }) => job.principal))) {
        const found = await findAlbumHeaderFor(this.db, albumId, principal);
        const refusal = !found
          ? accessLost()
          : found.album.locked && !isAdmin(principal)
            ? locked()
            : undefined;
        if (refusal) for (const { job } of accepted) if (job.principal === principal) answer(job, refusal);
      }
      for (const { job } of accepted) {
        if (!isOpen(job)) continue;
        const version = await findMutationVersion(this.db, albumId, job.payload.mutationId);
        if (version !== undefined) answer(job, { ok: true, version, duplicate: true, patches: [] });
      }
      this.forget(albumId);
      const retried = new Set(
        accepted.filter(({ job }) => isOpen(job)).map(({ job }) => job.payload.mutationId),
      );
      pending = pending.filter((job) => isOpen(job) && retried.has(job.payload.mutationId));
    }
  }
}

function remember(entry: CachedAlbum, mutationId: string, version: number): void {
  entry.recent.set(mutationId, version);
  if (entry.recent.size > MAX_RECENT_IDS) entry.recent.delete(entry.recent.keys().next().value!);
}

function invalid(result: Extract<ReturnType<typeof applyMutation>, { ok: false }>): SubmitResult {
  const issue = result.issue;
  const violation = result.violations?.[0];
  return {
    ok: false,
    code: 'INVALID_MUTATION',
    message: issue ? `${issue.code}: ${issue.message}` : `${violation?.code}: ${violation?.message}`,
    path: issue?.path,
  };
}

/** Comments store their author as the user's id (web: elementDefaults); guests are never authors or admins. */
const actorOf = (principal: Principal): MutationActor => ({
  id: principal.kind === 'user' ? principal.id : `guest:${principal.id}`,
  admin: isAdmin(principal),
});

const forbidden = (message: string): SubmitResult => ({ ok: false, code: 'COMMENT_FORBIDDEN', message });

const locked = (): SubmitResult => ({
  ok: false,
  code: 'ALBUM_LOCKED',
  message: 'The album is approved for print; only admins can change it',
});

const accessLost = (): SubmitResult => ({
  ok: false,
  code: 'ACCESS_LOST',
  message: 'The album does not exist or you may no longer edit it',
});
