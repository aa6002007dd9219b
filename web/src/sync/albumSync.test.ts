import { applyMutation, createBlankAlbum, type AlbumDocument, type Patch } from '@stickerbook/model';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '../editor/Editor.ts';
import { memoryClipboard } from '../editor/clipboard.ts';
import { withElements } from '../editor/test-support.ts';
import { AlbumSync } from './albumSync.ts';
import { memoryOutboxStore } from './outboxStore.ts';
import type { MutationAck, RemoteMutation, SyncTransport, TransportEvents } from './transport.ts';

/** The server of docs/realtime.md in memory: per-field last writer wins, idempotent mutation ids, a log. */
class FakeServer {
  version = 0;
  locked = false;
  log: RemoteMutation[] = [];
  readonly stored = new Map<string, number>();
  readonly clients = new Set<FakeTransport>();
  constructor(public doc: AlbumDocument) {}

  submit(from: FakeTransport, m: { patches: Patch[]; clientId: string; mutationId: string }): MutationAck {
    const known = this.stored.get(m.mutationId);
    if (known !== undefined) return { ok: true, version: known, duplicate: true };
    const result = applyMutation(this.doc, m.patches);
    if (!result.ok) {
      queueMicrotask(() =>
        from.events?.mergeError({ mutationId: m.mutationId, code: 'INVALID_MUTATION', message: 'invalid' }),
      );
      return { ok: false, error: { code: 'INVALID_MUTATION', message: 'invalid', retryable: false } };
    }
    this.doc = result.doc;
    this.version += 1;
    this.stored.set(m.mutationId, this.version);
    const entry = {
      patches: m.patches,
      version: this.version,
      clientId: m.clientId,
      mutationId: m.mutationId,
    };
    this.log.push(entry);
    for (const client of this.clients) if (client !== from && client.online) client.deliver(entry);
    return { ok: true, version: this.version, duplicate: false };
  }
}

class FakeTransport implements SyncTransport {
  events: TransportEvents | undefined;
  online = true;
  sent: string[] = [];
  albumLoads = 0;
  logReads: number[] = [];
  /** The log cannot close the gap (a document replaced by an import): the client must reload. */
  logHasGap = false;
  constructor(readonly server: FakeServer) {
    server.clients.add(this);
  }
  start(events: TransportEvents) {
    this.events = events;
    if (this.online) setTimeout(() => events.connect(), 0);
  }
  deliver(entry: RemoteMutation) {
    setTimeout(() => this.events?.mutations(structuredClone(entry)), 0);
  }
  async send(m: { patches: Patch[]; version: number; clientId: string; mutationId: string }) {
    if (!this.online) throw new Error('offline');
    this.sent.push(m.mutationId);
    return this.server.submit(this, structuredClone(m));
  }
  sendSelection() {}
  async loadAlbum() {
    if (!this.online) throw new Error('offline');
    this.albumLoads += 1;
    return {
      doc: structuredClone(this.server.doc),
      version: this.server.version,
      locked: this.server.locked,
    };
  }
  async mutationsSince(version: number) {
    this.logReads.push(version);
    if (this.logHasGap) return undefined;
    return {
      version: this.server.version,
      locked: this.server.locked,
      mutations: structuredClone(this.server.log.filter((m) => m.version > version)),
    };
  }
  stop() {
    this.server.clients.delete(this);
    this.online = false;
  }
  disconnect() {
    this.online = false;
    this.events?.disconnect('transport close');
  }
  reconnect() {
    this.online = true;
    this.events?.connect();
  }
}

const baseDoc = () =>
  withElements(createBlankAlbum(), [
    { id: 'r1', x: 0, y: 0 },
    { id: 'r2', x: 50, y: 0 },
  ]);
const newEditor = (doc: AlbumDocument) =>
  new Editor({ doc, clipboard: memoryClipboard(), invariantCheck: 'off' });
const move = (editor: Editor, id: string, x: number) =>
  editor.dispatch([{ op: 'replace', path: `/nodes/${id}/props/x`, value: x }], { origin: 'local' });

describe('AlbumSync', () => {
  let server: FakeServer;
  beforeEach(() => {
    vi.useFakeTimers();
    server = new FakeServer(baseDoc());
  });
  afterEach(() => vi.useRealTimers());

  async function open(
    store = memoryOutboxStore(),
    doc = structuredClone(server.doc),
    options: { openedVersion?: number; logHasGap?: boolean } = {},
  ) {
    const editor = newEditor(doc);
    const transport = new FakeTransport(server);
    transport.logHasGap = options.logHasGap ?? false;
    let id = 0;
    const sync = new AlbumSync({
      editor,
      albumId: 'album',
      transport,
      store,
      openedVersion: options.openedVersion,
      newId: () => `id-${Math.random().toString(36).slice(2)}-${id++}`,
    });
    await sync.ready;
    await vi.advanceTimersByTimeAsync(1);
    return { editor, transport, sync, store };
  }

  it('sends the changes as one mutation 1.8 s after the last one and shows saving, then saved', async () => {
    const { editor, transport, sync } = await open();
    expect(sync.status.get()).toBe('saved');
    move(editor, 'r1', 10);
    await vi.advanceTimersByTimeAsync(1_000);
    move(editor, 'r1', 20);
    expect(sync.status.get()).toBe('saving');
    await vi.advanceTimersByTimeAsync(1_700);
    expect(transport.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.sent).toHaveLength(1);
    expect(server.doc.nodes.r1.props.x).toBe(20);
    expect(sync.status.get()).toBe('saved');
    expect(sync.pending.get()).toBe(0);
  });

  it('sends right after the next frame when more than 20 paths are pending', async () => {
    const { editor, transport } = await open();
    const patches = Array.from({ length: 21 }, (_, i) => ({
      op: 'replace' as const,
      path: '/nodes/r1/props/y',
      value: i,
    }));
    editor.dispatch(patches, { origin: 'local' });
    // Not inside the change itself: the frame that shows it comes first.
    expect(transport.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(40);
    expect(transport.sent).toHaveLength(1);
    expect(server.doc.nodes.r1.props.y).toBe(20);
  });

  it('applies a remote change without touching local history', async () => {
    const a = await open();
    const b = await open();
    move(a.editor, 'r2', 99);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(b.editor.doc.nodes.r2.props.x).toBe(99);
    expect(b.editor.canUndo()).toBe(false);
  });

  it('undoes only my own change: a field a collaborator changed after me keeps their value', async () => {
    const a = await open();
    const b = await open();
    // A moves r1 and r2 in one change; B then moves r1 again.
    a.editor.dispatch(
      [
        { op: 'replace', path: '/nodes/r1/props/x', value: 500 },
        { op: 'replace', path: '/nodes/r2/props/x', value: 600 },
      ],
      { origin: 'local' },
    );
    await vi.advanceTimersByTimeAsync(2_000);
    const r2Before = b.editor.doc.nodes.r2.props.x;
    expect(r2Before).toBe(600);
    move(b.editor, 'r1', 777);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(a.editor.doc.nodes.r1.props.x).toBe(777);

    expect(a.editor.undo()).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    // r2 is back where it was before A's change; r1 stays where B put it, everywhere.
    for (const doc of [a.editor.doc, b.editor.doc, server.doc]) {
      expect(doc.nodes.r1.props.x).toBe(777);
      expect(doc.nodes.r2.props.x).toBe(baseDoc().nodes.r2.props.x);
    }
  });

  it('drops undo steps for a node a collaborator removed, and undo goes on with the rest', async () => {
    const a = await open();
    const b = await open();
    move(a.editor, 'r1', 41);
    move(a.editor, 'r2', 42);
    await vi.advanceTimersByTimeAsync(2_000);
    b.editor.dispatch([{ op: 'remove', path: '/nodes/r2' }], { origin: 'local' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(a.editor.doc.nodes.r2).toBeUndefined();
    // The move of r2 is gone from A's history; the next undo reverts the move of r1.
    expect(a.editor.undo()).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.doc.nodes.r2).toBeUndefined();
    expect(server.doc.nodes.r1.props.x).toBe(baseDoc().nodes.r1.props.x);
    expect(a.editor.canUndo()).toBe(false);
  });

  it('keeps both edits to different fields and ends with the same value for the same field', async () => {
    const a = await open();
    const b = await open();
    a.editor.dispatch([{ op: 'replace', path: '/nodes/r1/props/x', value: 1 }], { origin: 'local' });
    b.editor.dispatch([{ op: 'replace', path: '/nodes/r1/props/y', value: 2 }], { origin: 'local' });
    move(a.editor, 'r2', 111);
    move(b.editor, 'r2', 222);
    await vi.advanceTimersByTimeAsync(5_000);
    for (const doc of [a.editor.doc, b.editor.doc, server.doc]) {
      expect(doc.nodes.r1.props).toMatchObject({ x: 1, y: 2 });
      expect(doc.nodes.r2.props.x).toBe(server.doc.nodes.r2.props.x);
    }
  });

  it('keeps changes made offline across a reload and sends them all after reconnecting', async () => {
    const store = memoryOutboxStore();
    const first = await open(store);
    first.transport.disconnect();
    expect(first.sync.status.get()).toBe('offline');
    for (let i = 1; i <= 10; i++) move(first.editor, i % 2 ? 'r1' : 'r2', i * 10);
    await vi.advanceTimersByTimeAsync(2_000);
    await first.sync.whenPersisted();
    first.sync.stop();

    // The page is reloaded from the server, which has none of the changes.
    expect(server.doc.nodes.r1.props.x).toBe(0);
    const second = await open(store);
    expect(second.editor.doc.nodes.r1.props.x).toBe(90);
    expect(second.editor.doc.nodes.r2.props.x).toBe(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.doc.nodes.r1.props.x).toBe(90);
    expect(server.doc.nodes.r2.props.x).toBe(100);
    expect(second.sync.status.get()).toBe('saved');
    expect(store.records.size).toBe(0);
  });

  it('re-sends an unacknowledged mutation with the same id, so the server does not apply it twice', async () => {
    const { editor, transport, sync } = await open();
    const send = transport.send.bind(transport);
    let dropAck = true;
    transport.send = async (m) => {
      const ack = await send(m);
      if (dropAck) {
        dropAck = false;
        throw new Error('ack lost');
      }
      return ack;
    };
    move(editor, 'r1', 42);
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(3_100);
    expect(new Set(transport.sent).size).toBe(1);
    expect(transport.sent).toHaveLength(2);
    expect(server.log).toHaveLength(1);
    expect(sync.status.get()).toBe('saved');
  });

  it('catches up from the log after a reconnect and keeps its own pending change on the field both edited', async () => {
    const a = await open();
    const b = await open();
    b.transport.disconnect();
    move(a.editor, 'r1', 5);
    move(a.editor, 'r2', 6);
    await vi.advanceTimersByTimeAsync(2_000);
    move(b.editor, 'r1', 7);
    b.transport.reconnect();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(b.editor.doc.nodes.r2.props.x).toBe(6);
    expect(server.doc.nodes.r1.props.x).toBe(7);
    await vi.advanceTimersByTimeAsync(100);
    expect(a.editor.doc.nodes.r1.props.x).toBe(7);
    expect(b.editor.doc.nodes.r1.props.x).toBe(7);
  });

  it('reloads the album after a merge error and still saves the other pending changes', async () => {
    const a = await open();
    const b = await open();
    // a deletes r1 while b (offline) moves r1 and r2: b's r1 move can no longer apply.
    b.transport.disconnect();
    a.editor.dispatch([{ op: 'remove', path: '/nodes/r1' }], { origin: 'local' });
    await vi.advanceTimersByTimeAsync(2_000);
    move(b.editor, 'r1', 300);
    b.sync.flush();
    move(b.editor, 'r2', 400);
    b.transport.reconnect();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.doc.nodes.r1).toBeUndefined();
    expect(server.doc.nodes.r2.props.x).toBe(400);
    expect(b.editor.doc.nodes.r1).toBeUndefined();
    expect(b.sync.status.get()).toBe('saved');
  });

  it('fills a gap in the broadcast versions from the log', async () => {
    const a = await open();
    const b = await open();
    // b misses one broadcast (as after a server crash between saving and broadcasting).
    const deliver = b.transport.deliver.bind(b.transport);
    let skip = true;
    b.transport.deliver = (entry) => {
      if (skip) skip = false;
      else deliver(entry);
    };
    move(a.editor, 'r1', 1);
    await vi.advanceTimersByTimeAsync(2_000);
    move(a.editor, 'r2', 2);
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(b.editor.doc.nodes.r1.props.x).toBe(1);
    expect(b.editor.doc.nodes.r2.props.x).toBe(2);
  });

  it('tells about lost access once, not as offline, though it comes as connection_error, disconnect, refused reconnect', async () => {
    const accessLost = vi.fn();
    const offline = vi.fn();
    const transport = new FakeTransport(server);
    const sync = new AlbumSync({
      editor: newEditor(structuredClone(server.doc)),
      albumId: 'album',
      transport,
      store: memoryOutboxStore(),
      notices: { accessLost, offline },
    });
    await sync.ready;
    await vi.advanceTimersByTimeAsync(1);
    transport.events!.connectionError({ code: 'ACCESS_LOST', message: 'gone' });
    transport.events!.disconnect('io server disconnect');
    transport.events!.connectError('NOT_FOUND');
    expect(accessLost).toHaveBeenCalledTimes(1);
    expect(offline).not.toHaveBeenCalled();
    expect(sync.status.get()).toBe('error');
  });

  it('switches to preview mode when the album is locked for print and back when it is unlocked', async () => {
    const { editor, transport } = await open();
    transport.events!.albumLocked(true);
    expect(editor.canEdit()).toBe(false);
    expect(move(editor, 'r1', 99)).toBe(false);
    expect(editor.doc.nodes.r1.props.x).toBe(0);

    transport.events!.albumLocked(false);
    expect(editor.canEdit()).toBe(true);
    expect(move(editor, 'r1', 99)).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.doc.nodes.r1.props.x).toBe(99);
  });

  it('passes the news of changed sticker link uploads on, so the panel reads them again (issue 22 item 9)', async () => {
    const onStickerUploadsChanged = vi.fn();
    const transport = new FakeTransport(server);
    const sync = new AlbumSync({
      editor: newEditor(structuredClone(server.doc)),
      albumId: 'album',
      transport,
      store: memoryOutboxStore(),
      onStickerUploadsChanged,
    });
    await sync.ready;
    transport.events!.stickerUploadsChanged();
    expect(onStickerUploadsChanged).toHaveBeenCalledTimes(1);
  });

  describe('opened with the version its document was read at', () => {
    /** A collaborator's change stored on the server after this editor read the album. */
    async function collaboratorMoves(id: string, x: number) {
      const other = new FakeTransport(server);
      await other.send({
        patches: [{ op: 'replace', path: `/nodes/${id}/props/x`, value: x }],
        version: server.version,
        clientId: 'other',
        mutationId: `other-${id}-${x}`,
      });
      other.stop();
    }

    it('catches up from the log on the first connect instead of loading the album again', async () => {
      const read = structuredClone(server.doc);
      const readVersion = server.version;
      await collaboratorMoves('r2', 70);
      const { editor, transport, sync } = await open(memoryOutboxStore(), read, {
        openedVersion: readVersion,
      });
      expect(transport.albumLoads).toBe(0);
      expect(transport.logReads).toEqual([readVersion]);
      expect(editor.doc.nodes.r2.props.x).toBe(70);
      // The collaborator's change is not the user's to undo.
      expect(editor.canUndo()).toBe(false);
      move(editor, 'r1', 15);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(server.doc.nodes.r1.props.x).toBe(15);
      expect(sync.status.get()).toBe('saved');
    });

    it('keeps the same document object when nothing changed since it was read', async () => {
      const { editor, transport } = await open(memoryOutboxStore(), structuredClone(server.doc), {
        openedVersion: server.version,
      });
      const opened = editor.doc;
      await vi.advanceTimersByTimeAsync(10);
      expect(transport.albumLoads).toBe(0);
      expect(editor.doc).toBe(opened);
    });

    it('learns from the log that the album was locked for print after it was read', async () => {
      const readVersion = server.version;
      server.locked = true;
      const { editor, transport } = await open(memoryOutboxStore(), structuredClone(server.doc), {
        openedVersion: readVersion,
      });
      expect(transport.albumLoads).toBe(0);
      expect(editor.canEdit()).toBe(false);
    });

    it('reloads the album when the log cannot close the gap, with the changes it restored on top', async () => {
      const store = memoryOutboxStore();
      await store.save({
        albumId: 'album',
        mutations: [
          { mutationId: 'm-offline', patches: [{ op: 'replace', path: '/nodes/r1/props/x', value: 33 }] },
        ],
        queued: [],
        version: 0,
      });
      const read = structuredClone(server.doc);
      await collaboratorMoves('r2', 80);
      const { editor, transport } = await open(store, read, { openedVersion: 0, logHasGap: true });
      expect(transport.albumLoads).toBe(1);
      expect(editor.doc.nodes.r2.props.x).toBe(80);
      expect(editor.doc.nodes.r1.props.x).toBe(33);
      await vi.advanceTimersByTimeAsync(10);
      expect(server.doc.nodes.r1.props.x).toBe(33);
    });
  });

  it('loads the album again on the first connect when it does not know the version its document was read at', async () => {
    const { transport } = await open();
    expect(transport.albumLoads).toBe(1);
    expect(transport.logReads).toEqual([]);
  });

  it('lets an admin keep editing an album locked for print', async () => {
    const { editor, transport } = await open();
    editor.setAccess({ isAdmin: true });
    transport.events!.albumLocked(true);
    expect(editor.access.get().locked).toBe(true);
    expect(move(editor, 'r1', 42)).toBe(true);
  });
});
