/**
 * Issue 6 on the server: the socket handshake and permissions, saving with per-field last-writer-wins,
 * merge errors, idempotent re-sends, presence, and the HTTP fallback — with real socket.io clients.
 */
import { checkInvariants, type AlbumDocument, type DocNode } from '@stickerbook/model';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { albumMembers, albumMutations, albums, users } from '../src/db/schema.ts';
import { currentAlbumDocument } from '../src/album-store/albums.ts';
import {
  DATABASE_KINDS,
  bearer,
  createAlbum,
  createGuest,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';
import {
  collect,
  connect,
  listen,
  newMutationId,
  next,
  sendMutation,
  sleep,
} from './helpers/realtime-client.ts';

describe.each(DATABASE_KINDS)('realtime on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let alice: Session;
  let bob: Session;
  let mallory: Session;
  const open: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    baseUrl = await listen(t.app);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    mallory = await signUp(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function join(token: string, albumId: string): Promise<Socket> {
    const socket = await connect(baseUrl, { token, albumId });
    open.push(socket);
    return socket;
  }

  /** An album of Alice's shared with Bob, and one element of it to edit. */
  async function sharedAlbum() {
    const album = await createAlbum(t.app, alice.access_token);
    await t.database.db.insert(albumMembers).values({ albumId: album.id, userId: bob.user.sub });
    const doc = album.workspace as unknown as AlbumDocument;
    const element = Object.values(doc.nodes).find((node) => node.type === 'Text') as DocNode;
    return { albumId: album.id, doc, element };
  }

  /** What any reader of the album gets: the stored snapshot with the log after it applied. */
  async function stored(albumId: string) {
    const current = await currentAlbumDocument(t.database.db, albumId);
    const log = await t.database.db.select().from(albumMutations).where(eq(albumMutations.albumId, albumId));
    return { doc: current!.doc, version: current!.version, log };
  }

  describe('connecting', () => {
    it('refuses a socket without a token, with a bad token, or a preview-style token, with connect_error UNAUTHORIZED', async () => {
      const { albumId } = await sharedAlbum();
      for (const token of [undefined, 'not-a-jwt', 'preview-0123456789abcdef']) {
        const error = await connect(baseUrl, { token, albumId }).catch(
          (e: { message: string; data?: unknown }) => e,
        );
        expect(error).toMatchObject({ message: 'UNAUTHORIZED', data: { code: 'UNAUTHORIZED' } });
      }
    });

    it('answers NOT_FOUND for an unknown album and for someone else\u2019s album, and VALIDATION_FAILED without albumId', async () => {
      const { albumId } = await sharedAlbum();
      const unknown = await connect(baseUrl, { token: alice.access_token, albumId: 'nope' }).catch((e) => e);
      expect(unknown.data).toMatchObject({ code: 'NOT_FOUND' });
      const foreign = await connect(baseUrl, { token: mallory.access_token, albumId }).catch((e) => e);
      expect(foreign.data).toMatchObject({ code: 'NOT_FOUND' });
      const missing = await connect(baseUrl, { token: alice.access_token }).catch((e) => e);
      expect(missing.data).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('accepts the token in an Authorization header too', async () => {
      const { albumId } = await sharedAlbum();
      const socket = await connect(baseUrl, { token: alice.access_token, albumId, asHeader: true });
      open.push(socket);
      expect(socket.connected).toBe(true);
    });

    it('refuses the long-polling transport (WebSocket only)', async () => {
      const response = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
      expect(response.status).toBe(400);
    });
  });

  describe('saving', () => {
    it('stores a mutation with the next version, acknowledges the sender and broadcasts to the others only', async () => {
      const { albumId, element } = await sharedAlbum();
      const sender = await join(alice.access_token, albumId);
      const other = await join(bob.access_token, albumId);
      const echoes = collect(sender, 'mutations');
      const received = next<{ patches: unknown[]; version: number; mutationId: string; clientId: string }>(
        other,
        'mutations',
      );
      const mutationId = newMutationId();
      const patches = [{ op: 'replace', path: `/nodes/${element.id}/props/x`, value: 123 }];
      const ack = await sendMutation(sender, patches, { mutationId, clientId: 'tab-a' });
      expect(ack).toEqual({ ok: true, version: 1, duplicate: false });
      expect(await received).toMatchObject({
        patches,
        version: 1,
        mutationId,
        clientId: 'tab-a',
        userId: alice.user.sub,
      });

      const after = await stored(albumId);
      expect(after.version).toBe(1);
      expect(after.doc.nodes[element.id].props.x).toBe(123);
      expect(after.log).toHaveLength(1);
      expect(after.log[0]).toMatchObject({ version: 1, mutationId, clientId: 'tab-a', patches });
      await sleep(100);
      expect(echoes).toEqual([]);
    });

    it('answers an invalid mutation with merge_error to the sender only and changes nothing', async () => {
      const { albumId, element } = await sharedAlbum();
      const sender = await join(alice.access_token, albumId);
      const other = await join(bob.access_token, albumId);
      const otherSaw = [...collect(other, 'mutations'), ...collect(other, 'merge_error')];
      const before = await stored(albumId);
      const mergeError = next<{ mutationId: string; code: string }>(sender, 'merge_error');
      const mutationId = newMutationId();
      const ack = await sendMutation(
        sender,
        [
          { op: 'replace', path: `/nodes/${element.id}/props/x`, value: 5 },
          { op: 'replace', path: `/nodes/${element.id}/parentId`, value: element.id },
        ],
        { mutationId },
      );
      expect(ack).toMatchObject({ ok: false, error: { code: 'INVALID_MUTATION', retryable: false } });
      expect(await mergeError).toMatchObject({ mutationId, code: 'INVALID_MUTATION' });
      const after = await stored(albumId);
      expect(after.doc).toEqual(before.doc);
      expect(after.version).toBe(before.version);
      expect(after.log).toHaveLength(0);
      await sleep(100);
      expect(otherSaw).toEqual([]);
    });

    it('acknowledges a re-sent mutation id again without applying it twice, also after the cache is gone', async () => {
      const { albumId, element } = await sharedAlbum();
      const sender = await join(alice.access_token, albumId);
      const other = await join(bob.access_token, albumId);
      const broadcasts = collect(other, 'mutations');
      const mutationId = newMutationId();
      const patches = [{ op: 'replace', path: `/nodes/${element.id}/props/y`, value: 77 }];
      expect(await sendMutation(sender, patches, { mutationId })).toMatchObject({ ok: true, version: 1 });
      expect(await sendMutation(sender, patches, { mutationId })).toEqual({
        ok: true,
        version: 1,
        duplicate: true,
      });
      // Someone changes y meanwhile; the stale re-send must not overwrite it (last writer is Bob, not the replay).
      await sendMutation(other, [{ op: 'replace', path: `/nodes/${element.id}/props/y`, value: 9 }]);
      t.app.realtime.sync.release(albumId);
      expect(await sendMutation(sender, patches, { mutationId })).toEqual({
        ok: true,
        version: 1,
        duplicate: true,
      });
      const after = await stored(albumId);
      expect(after.log).toHaveLength(2);
      expect(after.doc.nodes[element.id].props.y).toBe(9);
      await sleep(100);
      expect(broadcasts).toHaveLength(1);
    });

    it('acknowledges a re-sent removal that no longer applies as the duplicate it is, not as a merge error', async () => {
      const { albumId, doc } = await sharedAlbum();
      const sender = await join(alice.access_token, albumId);
      const leaf = Object.values(doc.nodes).find((node) => node.type === 'Text' && node.parentId) as DocNode;
      const mutationId = newMutationId();
      const patches = [{ op: 'remove', path: `/nodes/${leaf.id}` }];
      expect(await sendMutation(sender, patches, { mutationId })).toMatchObject({ ok: true, version: 1 });
      t.app.realtime.sync.release(albumId);
      expect(await sendMutation(sender, patches, { mutationId })).toEqual({
        ok: true,
        version: 1,
        duplicate: true,
      });
    });

    it('keeps both edits when two people change different fields of one element at the same time', async () => {
      const { albumId, element } = await sharedAlbum();
      const a = await join(alice.access_token, albumId);
      const b = await join(bob.access_token, albumId);
      const [ackA, ackB] = await Promise.all([
        sendMutation(a, [{ op: 'replace', path: `/nodes/${element.id}/props/x`, value: 11 }], { version: 0 }),
        sendMutation(b, [{ op: 'replace', path: `/nodes/${element.id}/props/y`, value: 22 }], { version: 0 }),
      ]);
      expect(ackA.ok && ackB.ok).toBe(true);
      const props = (await stored(albumId)).doc.nodes[element.id].props;
      expect(props).toMatchObject({ x: 11, y: 22 });
    });

    it('keeps the later of two writes to the same field, in the order the server acknowledged them', async () => {
      const { albumId, element } = await sharedAlbum();
      const a = await join(alice.access_token, albumId);
      const b = await join(bob.access_token, albumId);
      const path = `/nodes/${element.id}/props/x`;
      const [ackA, ackB] = await Promise.all([
        sendMutation(a, [{ op: 'replace', path, value: 1 }], { version: 0 }),
        sendMutation(b, [{ op: 'replace', path, value: 2 }], { version: 0 }),
      ]);
      if (!ackA.ok || !ackB.ok) throw new Error('both must be accepted');
      const last = ackA.version > ackB.version ? 1 : 2;
      expect((await stored(albumId)).doc.nodes[element.id].props.x).toBe(last);
      expect([ackA.version, ackB.version].sort()).toEqual([1, 2]);
    });

    it('lets a guest save their own album', async () => {
      const guest = await createGuest(t.app);
      const album = await createAlbum(t.app, guest.access_token);
      const element = Object.values((album.workspace as unknown as AlbumDocument).nodes).find(
        (node) => node.type === 'Text',
      )!;
      const socket = await join(guest.access_token, album.id);
      const ack = await sendMutation(socket, [
        { op: 'replace', path: `/nodes/${element.id}/props/x`, value: 3 },
      ]);
      expect(ack).toMatchObject({ ok: true, version: 1 });
    });

    it('refuses changes to a locked album for owners and collaborators, and accepts them from an admin', async () => {
      const { albumId, element } = await sharedAlbum();
      const owner = await join(alice.access_token, albumId);
      await t.database.db.update(albums).set({ locked: true }).where(eq(albums.id, albumId));
      const patches = [{ op: 'replace', path: `/nodes/${element.id}/props/x`, value: 50 }];
      const mergeError = next<{ code: string }>(owner, 'merge_error');
      expect(await sendMutation(owner, patches)).toMatchObject({
        ok: false,
        error: { code: 'ALBUM_LOCKED' },
      });
      expect(await mergeError).toMatchObject({ code: 'ALBUM_LOCKED' });

      const admin = await signUp(t.app);
      await t.database.db
        .update(users)
        .set({ roles: ['admin'] })
        .where(eq(users.id, admin.user.sub));
      const adminToken = await t.app.ctx.tokens.sign({
        kind: 'user',
        id: admin.user.sub,
        email: admin.user.email,
        roles: ['admin'],
      });
      const adminSocket = await join(adminToken, albumId);
      expect(await sendMutation(adminSocket, patches)).toMatchObject({ ok: true, version: 1 });

      await t.database.db.update(albums).set({ locked: false }).where(eq(albums.id, albumId));
      const unlocked = [{ op: 'replace', path: `/nodes/${element.id}/props/x`, value: 60 }];
      expect(await sendMutation(owner, unlocked)).toMatchObject({ ok: true, version: 2 });
    });

    it('disconnects a collaborator who was removed, with merge_error and connection_error ACCESS_LOST', async () => {
      const { albumId, element } = await sharedAlbum();
      const socket = await join(bob.access_token, albumId);
      await t.database.db.delete(albumMembers).where(eq(albumMembers.albumId, albumId));
      const connectionError = next<{ code: string }>(socket, 'connection_error');
      const disconnected = next(socket, 'disconnect');
      const ack = await sendMutation(socket, [
        { op: 'replace', path: `/nodes/${element.id}/props/x`, value: 1 },
      ]);
      expect(ack).toMatchObject({ ok: false, error: { code: 'ACCESS_LOST' } });
      expect(await connectionError).toMatchObject({ code: 'ACCESS_LOST' });
      await disconnected;
      expect((await stored(albumId)).version).toBe(0);
    });

    it('refuses a malformed payload with INVALID_PAYLOAD', async () => {
      const { albumId } = await sharedAlbum();
      const socket = await join(alice.access_token, albumId);
      const ack = await socket.timeout(5_000).emitWithAck('mutations', { patches: [], version: -1 });
      expect(ack).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    });

    it('saves a 20-path mutation that keeps the document valid, path by path in the stored JSON', async () => {
      const { albumId, doc } = await sharedAlbum();
      const socket = await join(alice.access_token, albumId);
      const elements = Object.values(doc.nodes).filter((node) => node.parentId && node.props.x !== undefined);
      const patches = elements.slice(0, 10).flatMap((node, i) => [
        { op: 'replace', path: `/nodes/${node.id}/props/x`, value: 100 + i },
        { op: 'add', path: `/nodes/${node.id}/props/opacity`, value: 50 },
      ]);
      expect(await sendMutation(socket, patches)).toMatchObject({ ok: true, version: 1 });
      const after = await stored(albumId);
      expect(checkInvariants(after.doc)).toEqual([]);
      elements.slice(0, 10).forEach((node, i) => {
        expect(after.doc.nodes[node.id].props).toMatchObject({ x: 100 + i, opacity: 50 });
      });
      expect(await t.app.realtime.sync.current(albumId)).toEqual({ doc: after.doc, version: 1 });
    });
  });

  describe('presence', () => {
    it('tells a newcomer who is there, shares selections with e-mail and colour, and announces user_left', async () => {
      const { albumId, element } = await sharedAlbum();
      await t.database.db
        .update(users)
        .set({ picture: 'https://example.com/alice.png' })
        .where(eq(users.id, alice.user.sub));
      const a = await join(alice.access_token, albumId);
      const aSeesB = next<{ socketId: string; user: { email: string } }>(a, 'selection');
      let resolveExisting: (payload: { socketId: string; color: string }) => void = () => undefined;
      const seenByB = new Promise<{ socketId: string; color: string }>((r) => (resolveExisting = r));
      const b = await connect(baseUrl, {
        token: bob.access_token,
        albumId,
        on: { selection: (payload: { socketId: string; color: string }) => resolveExisting(payload) },
      });
      open.push(b);
      const existing = await seenByB;
      expect(existing).toMatchObject({
        socketId: a.id,
        user: { email: alice.user.email, picture: 'https://example.com/alice.png' },
        ids: [],
      });
      expect(existing.color).toMatch(/^hsla\(\d+, \d+%, \d+%, 1\)$/);
      expect(await aSeesB).toMatchObject({ socketId: b.id, user: { email: bob.user.email } });

      const selected = next<{ socketId: string; ids: string[] }>(b, 'selection');
      a.emit('selection', { ids: [element.id] });
      expect(await selected).toMatchObject({ socketId: a.id, ids: [element.id], color: existing.color });

      const left = next<{ socketId: string; userId: string }>(b, 'user_left');
      a.close();
      expect(await left).toEqual({ socketId: existing.socketId, userId: alice.user.sub });
    });
  });

  describe('HTTP', () => {
    it('lists the mutation log after a version, and saves through POST with a broadcast to the room', async () => {
      const { albumId, element } = await sharedAlbum();
      const listener = await join(bob.access_token, albumId);
      const broadcast = next<{ version: number }>(listener, 'mutations');
      const mutationId = newMutationId();
      const body = {
        patches: [{ op: 'replace', path: `/nodes/${element.id}/props/x`, value: 42 }],
        version: 0,
        clientId: 'http-client',
        mutationId,
      };
      const posted = await t.app.inject({
        method: 'POST',
        url: `/api/v1/albums/${albumId}/mutations`,
        headers: bearer(alice.access_token),
        payload: body,
      });
      expect(posted.json()).toEqual({ version: 1, duplicate: false });
      expect(await broadcast).toMatchObject({ version: 1, mutationId });
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/v1/albums/${albumId}/mutations`,
        headers: bearer(alice.access_token),
        payload: body,
      });
      expect(again.json()).toEqual({ version: 1, duplicate: true });

      const invalid = await t.app.inject({
        method: 'POST',
        url: `/api/v1/albums/${albumId}/mutations`,
        headers: bearer(alice.access_token),
        payload: { ...body, mutationId: newMutationId(), patches: [{ op: 'remove', path: '/nodes/nope' }] },
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().error.code).toBe('MERGE_ERROR');

      const log = await t.app.inject({
        method: 'GET',
        url: `/api/v1/albums/${albumId}/mutations?since=0`,
        headers: bearer(bob.access_token),
      });
      expect(log.json()).toMatchObject({
        version: 1,
        locked: false,
        mutations: [{ version: 1, mutationId, patches: body.patches }],
      });
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/v1/albums/${albumId}/mutations?since=0`,
        headers: bearer(mallory.access_token),
      });
      expect(foreign.statusCode).toBe(404);
    });
  });
});
