/**
 * Issue 6, snapshot + log: a saved mutation is only its log row and the version bump; `albums.workspace` is a
 * snapshot at `snapshot_version` that is folded forward later. Every reader must see snapshot + tail, a fold must
 * neither lose nor re-apply a mutation, folds from several instances must not corrupt the document, and a
 * document change made through PATCH /albums must reach open editors as a `mutations` event.
 */
import { applyPatches, checkInvariants, type DocNode, type Patch } from '@stickerbook/model';
import { makeLargeAlbum } from '@stickerbook/model/testing';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/auth/access-tokens.ts';
import { albumMutations, albums } from '../src/db/schema.ts';
import { AlbumSyncService } from '../src/albums/sync-service.ts';
import { storeMutations } from '../src/album-store/album-mutations.ts';
import {
  albumWorkspaceJson,
  currentAlbumDocument,
  findAlbumRow,
  FOLD_ON_READ_TAIL,
  foldAlbumDocument,
} from '../src/album-store/albums.ts';
import {
  DATABASE_KINDS,
  bearer,
  createAlbum,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';
import { connect, listen, newMutationId, next } from './helpers/realtime-client.ts';

describe.each(DATABASE_KINDS)('album snapshot and mutation log on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let alice: Session;
  let principal: Principal;
  const open: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    baseUrl = await listen(t.app);
    alice = await signUp(t.app);
    principal = { kind: 'user', id: alice.user.sub, email: alice.user.email, roles: [] };
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  async function newAlbum() {
    const album = await createAlbum(t.app, alice.access_token);
    // A fresh album without log rows: its stored document is the whole truth at version 0.
    const doc = makeLargeAlbum({ spreads: 3, stickers: 12, otherElements: 12 });
    await db().update(albums).set({ workspace: doc }).where(eq(albums.id, album.id));
    // Leaves with a position: they can be moved, and removed without orphaning anything.
    const parents = new Set(Object.values(doc.nodes).map((node) => node.parentId));
    const texts = Object.values(doc.nodes).filter(
      (node) => node.parentId && !parents.has(node.id) && node.props.x !== undefined,
    ) as DocNode[];
    expect(texts.length).toBeGreaterThan(2);
    return { albumId: album.id as string, doc, texts };
  }

  async function snapshotRow(albumId: string) {
    const [row] = await db()
      .select({
        workspace: albums.workspace,
        version: albums.version,
        snapshotVersion: albums.snapshotVersion,
      })
      .from(albums)
      .where(eq(albums.id, albumId));
    return row;
  }

  /** Stores mutations straight into the log, as the sync service does, without any folding. */
  async function log(albumId: string, baseVersion: number, mutations: Patch[][]) {
    const result = await storeMutations(db(), {
      albumId,
      baseVersion,
      mutations: mutations.map((patches) => ({
        patches,
        principal,
        clientId: 'test',
        mutationId: newMutationId(),
      })),
    });
    expect(result).toEqual({ kind: 'stored' });
  }

  const move = (id: string, x: number): Patch[] => [
    { op: 'replace', path: `/nodes/${id}/props/x`, value: x },
  ];

  it('stores a mutation without rewriting the stored document, and every reader sees it anyway', async () => {
    const { albumId, doc, texts } = await newAlbum();
    const [first, second] = texts;
    await log(albumId, 0, [move(first.id, 111), [{ op: 'remove', path: `/nodes/${second.id}` }]]);

    const raw = await snapshotRow(albumId);
    expect(raw.version).toBe(2);
    expect(raw.snapshotVersion).toBe(0);
    expect(raw.workspace).toEqual(doc);

    const expected = applyPatches(doc, [
      ...move(first.id, 111),
      { op: 'remove', path: `/nodes/${second.id}` },
    ]);
    expect((await currentAlbumDocument(db(), albumId))?.doc).toEqual(expected);
    expect((await findAlbumRow(db(), albumId))?.workspace).toEqual(expected);
    expect(JSON.parse((await albumWorkspaceJson(db(), albumId))!.json)).toEqual(expected);

    // Through the API: the album view and the editor's album load.
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${albumId}`,
      headers: bearer(alice.access_token),
    });
    expect(response.json().version).toBe(2);
    expect(response.json().workspace.nodes[first.id].props.x).toBe(111);
    expect(response.json().workspace.nodes[second.id]).toBeUndefined();
  });

  it('folds the log into the stored document exactly once, at the version it read', async () => {
    const { albumId, doc, texts } = await newAlbum();
    const [a, b] = texts;
    const steps: Patch[][] = [
      move(a.id, 1),
      [{ op: 'remove', path: `/nodes/${b.id}` }],
      move(a.id, 2),
      [{ op: 'add', path: `/nodes/${b.id}`, value: { ...b, props: { ...b.props, x: 7 } } }],
      move(a.id, 3),
    ];
    const at = (version: number) => applyPatches(doc, steps.slice(0, version).flat());

    await log(albumId, 0, steps.slice(0, 2));
    // A fold at version 2 while the log goes on: the removal must not run again on top of the folded document.
    expect(await foldAlbumDocument(db(), albumId, at(2), 2)).toBe(true);
    await log(albumId, 2, steps.slice(2));
    expect(await snapshotRow(albumId)).toEqual({ workspace: at(2), version: 5, snapshotVersion: 2 });
    expect((await currentAlbumDocument(db(), albumId))?.doc).toEqual(at(5));

    expect(await foldAlbumDocument(db(), albumId, at(5), 5)).toBe(true);
    expect(await snapshotRow(albumId)).toEqual({ workspace: at(5), version: 5, snapshotVersion: 5 });
    expect((await currentAlbumDocument(db(), albumId))?.doc).toEqual(at(5));
    // An older fold arriving late changes nothing.
    expect(await foldAlbumDocument(db(), albumId, at(3), 3)).toBe(false);
    expect(await snapshotRow(albumId)).toEqual({ workspace: at(5), version: 5, snapshotVersion: 5 });
  });

  it('keeps the tail short: a reader that finds a long tail folds it', async () => {
    const { albumId, doc, texts } = await newAlbum();
    const steps = Array.from({ length: FOLD_ON_READ_TAIL }, (_, i) => move(texts[i % texts.length].id, i));
    await log(albumId, 0, steps);
    const expected = applyPatches(doc, steps.flat());
    expect((await findAlbumRow(db(), albumId))?.workspace).toEqual(expected);
    expect(await snapshotRow(albumId)).toEqual({
      workspace: expected,
      version: FOLD_ON_READ_TAIL,
      snapshotVersion: FOLD_ON_READ_TAIL,
    });
  });

  it('keeps the document whole when two instances save and fold the same album at once', async () => {
    const { albumId, doc, texts } = await newAlbum();
    // Two sync services on one database are two server instances; they fold after every third mutation.
    const one = new AlbumSyncService(db(), { foldEvery: 3, foldIdleMs: 5 });
    const two = new AlbumSyncService(db(), { foldEvery: 3, foldIdleMs: 5 });
    const sends = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? two : one).submit(albumId, principal, {
        patches: move(texts[i % texts.length].id, 1000 + i),
        version: 0,
        clientId: 'test',
        mutationId: `both-${i}`,
      }),
    );
    const results = await Promise.all(sends);
    expect(results.every((result) => result.ok)).toBe(true);
    const versions = results.map((result) => (result.ok ? result.version : 0)).sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await Promise.all([one.foldAll(), two.foldAll()]);
    await Promise.all([one.close(), two.close()]);

    // The oracle: the log applied in version order to the original document.
    const logRows = await db()
      .select({ version: albumMutations.version, patches: albumMutations.patches })
      .from(albumMutations)
      .where(eq(albumMutations.albumId, albumId));
    logRows.sort((x, y) => x.version - y.version);
    const expected = applyPatches(
      doc,
      logRows.flatMap((row) => row.patches as Patch[]),
    );
    const current = await currentAlbumDocument(db(), albumId);
    expect(current?.doc).toEqual(expected);
    expect(checkInvariants(current!.doc)).toEqual([]);
    const raw = await snapshotRow(albumId);
    expect(raw.snapshotVersion).toBe(40);
    expect(raw.workspace).toEqual(expected);
  });

  it('folds what an instance saved when the last editor leaves and when it shuts down', async () => {
    const { albumId, doc, texts } = await newAlbum();
    const sync = new AlbumSyncService(db(), { foldIdleMs: 60_000 });
    const submit = (i: number) =>
      sync.submit(albumId, principal, {
        patches: move(texts[0].id, i),
        version: 0,
        clientId: 'test',
        mutationId: `leave-${i}`,
      });
    await submit(1);
    await submit(2);
    expect((await snapshotRow(albumId)).snapshotVersion).toBe(0);
    await sync.release(albumId);
    expect(await snapshotRow(albumId)).toEqual({
      workspace: applyPatches(doc, move(texts[0].id, 2)),
      version: 2,
      snapshotVersion: 2,
    });
    await submit(3);
    await sync.close();
    expect(await snapshotRow(albumId)).toEqual({
      workspace: applyPatches(doc, move(texts[0].id, 3)),
      version: 3,
      snapshotVersion: 3,
    });
  });

  it('sends fonts and colours changed through PATCH /albums to open editors as a mutation', async () => {
    const { albumId } = await newAlbum();
    const socket = await connect(baseUrl, { token: alice.access_token, albumId });
    open.push(socket);
    const received = next<{ version: number; patches: Patch[]; clientId: string }>(socket, 'mutations');
    const colors = ['#112233', '#445566', '#778899'];
    const fonts = { title: 'Lora', sub_title: 'Lora', paragraph: 'Open Sans' };
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${albumId}`,
      headers: bearer(alice.access_token),
      payload: { colors, fonts, title: 'Summer league' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version: 1, colors, fonts, title: 'Summer league' });
    expect(await received).toMatchObject({
      version: 1,
      patches: [
        { op: 'replace', path: '/settings/fonts', value: fonts },
        { op: 'replace', path: '/settings/colors', value: colors },
      ],
    });
    const logRows = await db().select().from(albumMutations).where(eq(albumMutations.albumId, albumId));
    expect(logRows).toHaveLength(1);
    const reloaded = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${albumId}`,
      headers: bearer(alice.access_token),
    });
    expect(reloaded.json().workspace.settings).toMatchObject({ colors, fonts });
  });
});
