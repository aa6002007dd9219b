/**
 * Saving and real-time collaboration for one open album (issue 6; SPEC §4 "Sync", §8, §9; docs/realtime.md).
 *
 * - Every local change from `editor.onLocalPatches` is written to the outbox (IndexedDB) at once, then sent as one
 *   mutation 1.8 s after the last change, or at once when more than 20 paths are pending (SPEC §9).
 * - One mutation is in flight at a time; it leaves the outbox only when the server acknowledged it. A re-send after
 *   a reconnect or a reload carries the same mutation id, so the server never applies it twice.
 * - Remote mutations are applied in version order (a gap waits for the missing version or is filled from the
 *   mutation log). A remote value for a field we still have a pending change for is skipped: our change reaches
 *   the server later, so it wins there too (Figma's rule), and everyone ends with the same value.
 * - After a reconnect we catch up from the log; if that is impossible, or after a merge error, the album is
 *   reloaded and the pending changes are re-applied on top of the fresh document (those that no longer apply are
 *   dropped), and sending continues.
 */
import { applyMutation, type AlbumDocument, type Patch } from '@stickerbook/model';
import type { Editor } from '../editor/Editor.ts';
import { Atom } from '../editor/state/atom.ts';
import type { OutboxRecord, OutboxStore } from './outboxStore.ts';
import type { MutationAck, RemoteMutation, RemoteUser, SyncTransport } from './transport.ts';

export type SyncStatus = 'saved' | 'saving' | 'offline' | 'error';

/** SPEC §9: autosave 1800 ms after the last change; flush at once above 20 pending paths. */
export const AUTOSAVE_DELAY_MS = 1_800;
export const FLUSH_ABOVE_PATHS = 20;
/** A missing version that has not arrived by then is fetched from the log. */
const GAP_WAIT_MS = 1_000;
const RETRY_DELAY_MS = 3_000;
const SELECTION_THROTTLE_MS = 100;

/** What the user is told (translated toasts in `index.ts`). */
export interface SyncNotices {
  offline(): void;
  mergeError(): void;
  locked(): void;
  accessLost(): void;
}

export interface AlbumSyncOptions {
  editor: Editor;
  albumId: string;
  transport: SyncTransport;
  store: OutboxStore;
  notices?: Partial<SyncNotices>;
  /** The album's sticker link uploads changed on the server: the sticker link panel reads them again. */
  onStickerUploadsChanged?: () => void;
  autosaveDelayMs?: number;
  newId?: () => string;
  /**
   * The server version of the document the editor was opened with (the album's `version` beside its `workspace`).
   * The first connect then catches up from the mutation log, as a reconnect does, instead of loading the whole
   * album a second time; without it the first connect reloads the album.
   */
  openedVersion?: number;
}

/** A remote mutation, or our own acknowledged one (its patches still win over earlier remote versions). */
type Buffered = RemoteMutation | { own: Patch[] };

export class AlbumSync {
  readonly status = new Atom<SyncStatus>('saved');
  /** Local changes not yet acknowledged by the server. */
  readonly pending = new Atom(0);
  readonly presence = new Atom<readonly RemoteUser[]>([]);

  private readonly editor: Editor;
  private readonly albumId: string;
  private readonly transport: SyncTransport;
  private readonly store: OutboxStore;
  private readonly notices: Partial<SyncNotices>;
  private readonly onStickerUploadsChanged: () => void;
  private readonly autosaveDelayMs: number;
  private readonly newId: () => string;
  private readonly clientId: string;
  /** The document the editor was opened with, to tell on the first connect whether a reload is needed. */
  private readonly openedDoc: AlbumDocument;

  private record: OutboxRecord;
  /** The server version the editor's document (minus pending changes) corresponds to; -1 before the first sync. */
  private version = -1;
  private connected = false;
  /** False after a failed connect or a disconnect; undefined until the first attempt ends. */
  private reachable: boolean | undefined;
  private synced = false;
  private sending = false;
  private failed = false;
  private stopped = false;
  private offlineNoticeShown = false;
  /**
   * Lost access is told once, however many ways it arrives (ack, connection_error, the refused reconnect), and
   * the disconnect that comes with it is not told as "offline".
   */
  private accessLostShown = false;
  private readonly buffer = new Map<number, Buffered>();
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;
  /** A flush is waiting for the next frame to be drawn (flushAfterFrame). */
  private flushPending = false;
  private gapTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private selectionTimer: ReturnType<typeof setTimeout> | undefined;
  private writes: Promise<void> = Promise.resolve();
  private resyncing: Promise<void> | undefined;
  private readonly unsubscribe: Array<() => void> = [];
  readonly ready: Promise<void>;

  constructor(options: AlbumSyncOptions) {
    this.editor = options.editor;
    this.albumId = options.albumId;
    this.transport = options.transport;
    this.store = options.store;
    this.notices = options.notices ?? {};
    this.onStickerUploadsChanged = options.onStickerUploadsChanged ?? (() => {});
    this.autosaveDelayMs = options.autosaveDelayMs ?? AUTOSAVE_DELAY_MS;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.clientId = this.newId();
    this.openedDoc = this.editor.doc;
    this.version = options.openedVersion ?? -1;
    this.record = { albumId: this.albumId, mutations: [], queued: [], version: -1 };

    this.unsubscribe.push(this.editor.onLocalPatches(({ patches }) => this.onLocalChange(patches)));
    this.unsubscribe.push(this.editor.selection.subscribe(() => this.scheduleSelection()));
    this.ready = this.restoreOutbox().then(() => {
      if (!this.stopped) this.startTransport();
    });
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const off of this.unsubscribe.splice(0)) off();
    for (const timer of [this.autosaveTimer, this.gapTimer, this.retryTimer, this.selectionTimer])
      clearTimeout(timer);
    this.transport.stop();
    // Unsent changes stay in the outbox and are sent the next time the album is opened.
  }

  /** Sends what is queued now instead of after the autosave delay. */
  flush(): void {
    clearTimeout(this.autosaveTimer);
    if (this.record.queued.length === 0) return;
    this.record.mutations.push({ mutationId: this.newId(), patches: this.record.queued.flat() });
    this.record.queued = [];
    this.persist();
    void this.pump();
  }

  // Local changes ------------------------------------------------------------------------------------------

  private onLocalChange(patches: Patch[]): void {
    this.record.queued.push(patches);
    this.persist();
    const queuedPaths = this.record.queued.reduce((sum, list) => sum + list.length, 0);
    clearTimeout(this.autosaveTimer);
    if (queuedPaths > FLUSH_ABOVE_PATHS) this.flushAfterFrame();
    else if (!this.flushPending) this.autosaveTimer = setTimeout(() => this.flush(), this.autosaveDelayMs);
    this.updateStatus();
  }

  /**
   * Above 20 paths a change goes at once, but after the frame that shows it: encoding and sending a large change
   * (an undo of a 50-element move) must not stand between the user's action and what they see.
   */
  private flushAfterFrame(): void {
    if (this.flushPending) return;
    this.flushPending = true;
    const send = () => {
      this.flushPending = false;
      if (!this.stopped) this.flush();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(send, 0));
    else setTimeout(send, 0);
  }

  private async restoreOutbox(): Promise<void> {
    let saved: OutboxRecord | undefined;
    try {
      saved = await this.store.load(this.albumId);
    } catch {
      saved = undefined;
    }
    if (!saved || (saved.mutations.length === 0 && saved.queued.length === 0)) return;
    // Changes made in an earlier session (closed, crashed or offline): show them again at once; the server
    // decides on the first sync (a mutation it already stored is acknowledged as a duplicate).
    for (const list of [...saved.mutations.map((m) => m.patches), ...saved.queued]) this.applyIfValid(list);
    this.record = {
      ...this.record,
      mutations: [...saved.mutations, ...this.record.mutations],
      queued: [...saved.queued, ...this.record.queued],
    };
    this.persist();
  }

  /**
   * Writes the outbox. The write, and the snapshot it writes, wait for the task after this one, so an undo or a
   * drop in a frame callback is painted before the copy (about 0.5 ms for a 50-element move) and IndexedDB's
   * transaction (about 5 ms) run. The snapshot is the outbox as it is then, so it holds this change and any after.
   */
  private persist(): void {
    this.writes = this.writes
      .then(nextTask)
      .then(() => {
        const snapshot = structuredClone({ ...this.record, version: this.version });
        const empty = snapshot.mutations.length === 0 && snapshot.queued.length === 0;
        return empty ? this.store.clear(this.albumId) : this.store.save(snapshot);
      })
      .catch(() => undefined);
    this.updateStatus();
  }

  /** Resolves when everything written so far is on disk (tests, and before a reload). */
  whenPersisted(): Promise<void> {
    return this.writes;
  }

  // Connection ------------------------------------------------------------------------------------------------

  private startTransport(): void {
    this.transport.start({
      connect: () => {
        this.connected = true;
        this.reachable = true;
        this.offlineNoticeShown = false;
        this.updateStatus();
        this.transport.sendSelection(this.editor.selection.get());
        void this.resync(this.version < 0);
      },
      disconnect: () => this.goOffline(),
      connectError: (code) => {
        this.goOffline();
        if (code === 'NOT_FOUND') this.fail('accessLost');
      },
      mutations: (mutation) => this.onRemoteMutation(mutation),
      selection: (user) =>
        this.presence.set([...this.presence.get().filter((u) => u.socketId !== user.socketId), user]),
      userLeft: (socketId) => this.presence.set(this.presence.get().filter((u) => u.socketId !== socketId)),
      mergeError: (error) => {
        // The acknowledgement of our in-flight mutation carries the same error and is handled there.
        if (error.mutationId && this.record.mutations.some((m) => m.mutationId === error.mutationId)) return;
        this.onMergeError(error.code);
      },
      connectionError: (error) => {
        if (error.code === 'ACCESS_LOST') this.fail('accessLost');
      },
      albumLocked: (locked) => this.onAlbumLocked(locked),
      stickerUploadsChanged: () => this.onStickerUploadsChanged(),
    });
  }

  /**
   * SPEC §4 Album lock, live: print approval in any editor (or an admin's lock switch) puts every open editor of
   * the album into preview mode, feedback takes it out again. Non-admin changes still queued when the lock arrives
   * are refused by the server (ALBUM_LOCKED) and dropped with the usual notice.
   */
  private onAlbumLocked(locked: boolean): void {
    this.editor.setAccess({ locked });
    if (!locked && this.failed) {
      // A refused save while locked left the status at 'error'; unlocked, saving works again.
      this.failed = false;
      this.updateStatus();
    }
  }

  private goOffline(): void {
    const wasConnected = this.connected;
    this.connected = false;
    this.reachable = false;
    this.synced = false;
    this.sending = false;
    this.presence.set([]);
    this.updateStatus();
    // Without access to the album, being offline is no news: the access notice has said it all.
    if (
      !this.stopped &&
      !this.accessLostShown &&
      (wasConnected || this.pending.get() > 0) &&
      !this.offlineNoticeShown
    ) {
      this.offlineNoticeShown = true;
      this.notices.offline?.();
    }
  }

  private fail(notice: 'accessLost' | 'locked'): void {
    this.failed = true;
    this.updateStatus();
    if (notice === 'accessLost') {
      if (this.accessLostShown) return;
      this.accessLostShown = true;
    }
    this.notices[notice]?.();
  }

  // Catching up -------------------------------------------------------------------------------------------------

  /** Brings the document to the server's current version, then sends what is pending. */
  private resync(reload: boolean): Promise<void> {
    // One at a time: a merge error during a catch-up must still get its own reload afterwards.
    const run = (this.resyncing ?? Promise.resolve()).then(() => this.catchUp(reload));
    this.resyncing = run;
    void run.finally(() => {
      if (this.resyncing === run) this.resyncing = undefined;
    });
    return run;
  }

  private async catchUp(reload: boolean): Promise<void> {
    this.synced = false;
    this.updateStatus();
    try {
      let log = reload || this.version < 0 ? undefined : await this.transport.mutationsSince(this.version);
      if (log) {
        for (const mutation of log.mutations) this.applyInOrder(mutation);
        this.version = Math.max(this.version, log.version);
        // A lock while this editor was not listening (or after the album it opened with was read) changed no version.
        this.editor.setAccess({ locked: log.locked });
      } else {
        await this.reload();
        log = undefined;
      }
    } catch {
      // Offline again, or the server is away: the next connect tries again.
      if (this.connected) this.retryTimer = setTimeout(() => void this.resync(reload), RETRY_DELAY_MS);
      return;
    }
    for (const [version] of [...this.buffer]) if (version <= this.version) this.buffer.delete(version);
    this.synced = true;
    this.drain();
    // Back online with changes waiting for the autosave delay: send them now.
    if (this.record.queued.length > 0) this.flush();
    this.updateStatus();
    void this.pump();
  }

  /** The fresh document from the server with our pending changes on top. */
  private async reload(): Promise<void> {
    const fresh = await this.transport.loadAlbum();
    const unchanged = this.version < 0 && JSON.stringify(fresh.doc) === JSON.stringify(this.openedDoc);
    if (!unchanged) {
      this.editor.documentState.reset(fresh.doc);
      const keep = this.record.mutations.filter((m) => this.applyIfValid(m.patches));
      const keepQueued = this.record.queued.filter((list) => this.applyIfValid(list));
      this.record = { ...this.record, mutations: keep, queued: keepQueued };
    }
    this.version = fresh.version;
    this.editor.setAccess({ locked: fresh.locked });
    this.buffer.clear();
    this.persist();
  }

  /** Applies patches without history if they are valid on the current document; false when they are not. */
  private applyIfValid(patches: Patch[]): boolean {
    const result = applyMutation(this.editor.doc, patches);
    if (!result.ok) return false;
    this.editor.dispatch(patches, { origin: 'remote' });
    return true;
  }

  // Remote changes -----------------------------------------------------------------------------------------

  private onRemoteMutation(mutation: RemoteMutation): void {
    if (this.version >= 0 && mutation.version <= this.version) return;
    this.buffer.set(mutation.version, mutation);
    if (this.synced) this.drain();
  }

  private drain(): void {
    clearTimeout(this.gapTimer);
    while (this.buffer.has(this.version + 1)) {
      const next = this.buffer.get(this.version + 1)!;
      this.buffer.delete(this.version + 1);
      if ('own' in next) this.version += 1;
      else this.applyInOrder(next);
    }
    if (this.buffer.size > 0 && this.synced) {
      this.gapTimer = setTimeout(() => void this.resync(false), GAP_WAIT_MS);
    }
  }

  private applyInOrder(mutation: RemoteMutation): void {
    this.version = mutation.version;
    const own = this.record.mutations.findIndex((m) => m.mutationId === mutation.mutationId);
    if (own >= 0) {
      // Ours, saved while we were not listening (HTTP fallback, or the ack was lost): already on screen.
      this.record.mutations.splice(own, 1);
      this.persist();
      return;
    }
    const pending = this.pendingPatches();
    const pendingPaths = pending.map((p) => p.path);
    const covered = (path: string) => pendingPaths.some((p) => path === p || path.startsWith(`${p}/`));
    const remote = mutation.patches.filter((patch) => !covered(patch.path));
    try {
      this.editor.dispatch(remote, { origin: 'remote' });
    } catch {
      void this.resync(true);
      return;
    }
    // A remote patch replaced a whole node or sticker we have pending field changes in: put ours back on top.
    const overwritten = pending.filter((p) => remote.some((r) => p.path.startsWith(`${r.path}/`)));
    if (overwritten.length > 0) this.applyIfValid(overwritten);
  }

  /** Our changes the server orders after the version being applied: unacknowledged, and acknowledged later. */
  private pendingPatches(): Patch[] {
    const acknowledged = [...this.buffer.values()].flatMap((entry) => ('own' in entry ? entry.own : []));
    return [
      ...acknowledged,
      ...this.record.mutations.flatMap((m) => m.patches),
      ...this.record.queued.flat(),
    ];
  }

  // Sending --------------------------------------------------------------------------------------------------

  private async pump(): Promise<void> {
    if (this.sending || !this.connected || !this.synced || this.stopped) return;
    const mutation = this.record.mutations[0];
    if (!mutation) return this.updateStatus();
    this.sending = true;
    let ack: MutationAck;
    try {
      ack = await this.transport.send({
        patches: mutation.patches,
        version: Math.max(this.version, 0),
        clientId: this.clientId,
        mutationId: mutation.mutationId,
      });
    } catch {
      // Not delivered (offline or no answer): it stays first in the outbox and goes again after reconnecting.
      this.sending = false;
      if (this.connected) this.retryTimer = setTimeout(() => void this.pump(), RETRY_DELAY_MS);
      return;
    }
    this.sending = false;
    if (this.stopped) return;
    if (ack.ok) {
      this.removeMutation(mutation.mutationId);
      this.failed = false;
      if (!ack.duplicate && ack.version > this.version) {
        this.buffer.set(ack.version, { own: mutation.patches });
        this.drain();
      }
      this.updateStatus();
      return this.pump();
    }
    if (ack.error.retryable) {
      this.failed = true;
      this.updateStatus();
      this.retryTimer = setTimeout(() => void this.pump(), RETRY_DELAY_MS);
      return;
    }
    this.removeMutation(mutation.mutationId);
    this.onMergeError(ack.error.code);
  }

  private removeMutation(mutationId: string): void {
    this.record.mutations = this.record.mutations.filter((m) => m.mutationId !== mutationId);
    this.persist();
  }

  private onMergeError(code: string): void {
    if (code === 'ACCESS_LOST') return this.fail('accessLost');
    if (code === 'ALBUM_LOCKED') {
      // SPEC §4: a locked album is read-only for non-admins; nothing pending can be saved any more.
      this.record = { ...this.record, mutations: [], queued: [] };
      this.persist();
      this.fail('locked');
    } else {
      this.failed = true;
      this.notices.mergeError?.();
    }
    // SPEC §8: the album is reloaded and the remaining changes are tried again on top of it.
    void this.resync(true).then(() => {
      if (code !== 'ALBUM_LOCKED' && code !== 'ACCESS_LOST') this.failed = false;
      this.updateStatus();
    });
  }

  // Presence ----------------------------------------------------------------------------------------------------

  private scheduleSelection(): void {
    if (this.selectionTimer) return;
    this.selectionTimer = setTimeout(() => {
      this.selectionTimer = undefined;
      this.transport.sendSelection(this.editor.selection.get());
    }, SELECTION_THROTTLE_MS);
  }

  // Status --------------------------------------------------------------------------------------------------------

  private updateStatus(): void {
    const pending = this.record.mutations.length + this.record.queued.length;
    this.pending.set(pending);
    let status: SyncStatus;
    if (this.failed) status = 'error';
    else if (!this.connected && this.reachable === false) status = 'offline';
    else if (pending > 0 || (this.connected && !this.synced)) status = 'saving';
    else status = 'saved';
    this.status.set(status);
  }
}

/** Resolves in the next task: after the current one, its microtasks and, inside a frame callback, the paint. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
