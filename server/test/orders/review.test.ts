/**
 * Review and print approval (SPEC §4 album lock, issue 13): approval locks the album, feedback unlocks it, each only
 * in its state; while locked, non-admin changes are refused over HTTP and over the socket, and every open editor
 * hears `album_locked` (across instances too, through Redis).
 */
import type { AlbumDocument, DocNode } from '@stickerbook/model';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { connect, listen, next, sendMutation } from '../helpers/realtime-client.ts';
import { DATABASE_KINDS, signUp, startTestApp, type Session, type TestApp } from '../helpers/test-app.ts';
import {
  addNode,
  caller,
  cleanAlbum,
  idempotencyKey,
  orderForm,
  removeLastContentSpread,
  stickerSpreadOf,
} from './helpers.ts';

function textNodeOf(workspace: Record<string, unknown>): DocNode {
  return Object.values((workspace as unknown as AlbumDocument).nodes).find(
    (node) => node.type === 'Text',
  ) as DocNode;
}

describe.each(DATABASE_KINDS)('review and print approval on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let baseUrl: string;
  let owner: Session;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    baseUrl = await listen(t.app);
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  async function orderedAlbum() {
    const album = await cleanAlbum(t.app, owner.access_token);
    const placed = await call('POST', '/orders', {
      token: owner.access_token,
      payload: orderForm(album.id),
      headers: idempotencyKey(),
    });
    expect(placed.statusCode).toBe(201);
    return { album, orderId: placed.json().order.id as string };
  }

  async function join(albumId: string, token = owner.access_token) {
    const socket = await connect(baseUrl, { token, albumId });
    sockets.push(socket);
    return socket;
  }

  const approve = (orderId: string, token = owner.access_token) =>
    call('POST', `/orders/${orderId}/print_approval`, { token });
  const feedback = (orderId: string, message?: string, token = owner.access_token) =>
    call('POST', `/orders/${orderId}/submit_review`, {
      token,
      payload: message === undefined ? undefined : { message },
    });

  it('refuses to approve an album that lost a spread the binding needs, until it is put back', async () => {
    const { album, orderId } = await orderedAlbum();
    const { status, spread } = await removeLastContentSpread(t.app, owner.access_token, album);
    expect(status).toBe(200);
    const refused = await call('POST', `/orders/${orderId}/print_approval`, {
      token: owner.access_token,
      language: 'de',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'ALBUM_HAS_ERRORS',
      details: {
        errors: [
          {
            code: 'SPREADS_MISSING_FOR_BINDING',
            count: 1,
            spread_id: stickerSpreadOf(album.workspace),
            message: 'Für die Bindung fehlen noch Doppelseiten: 1',
          },
        ],
      },
    });
    expect((await call('GET', `/albums/${album.id}`, { token: owner.access_token })).json().locked).toBe(
      false,
    );
    expect(await addNode(t.app, owner.access_token, album.id, spread)).toBe(200);
    expect((await approve(orderId)).statusCode).toBe(200);
  });

  it('locks on approval and unlocks on feedback, each only in its state', async () => {
    const { album, orderId } = await orderedAlbum();
    const early = await feedback(orderId, 'Bitte Seite 3 ändern');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ALBUM_NOT_LOCKED');

    const approved = await approve(orderId);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().order).toMatchObject({
      album: { locked: true },
      review: { can_approve: false, can_submit_review: true },
      design_check: { status: 'done' },
    });
    expect((await call('GET', `/albums/${album.id}`, { token: owner.access_token })).json().locked).toBe(
      true,
    );
    const twice = await approve(orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALBUM_LOCKED');

    const sent = await feedback(orderId, 'Bitte Seite 3 ändern');
    expect(sent.statusCode).toBe(200);
    const order = sent.json().order;
    expect(order.album.locked).toBe(false);
    expect(
      order.order_updates.map((u: { signal: string; message: string | null }) => [u.signal, u.message]),
    ).toEqual([
      ['order_placed', null],
      ['print_approved', null],
      ['review_feedback', 'Bitte Seite 3 ändern'],
    ]);
    // The customer reads their milestone, the design back in review (issue 22 item 6).
    expect(order.status_message).toBe('In Prüfung');
  });

  it('answers 404 to anyone but the order’s user', async () => {
    const { orderId } = await orderedAlbum();
    const stranger = await signUp(t.app);
    expect((await approve(orderId, stranger.access_token)).statusCode).toBe(404);
    expect((await feedback(orderId, 'x', stranger.access_token)).statusCode).toBe(404);
  });

  it('refuses HTTP and socket changes while approved and takes them again after feedback', async () => {
    const { album, orderId } = await orderedAlbum();
    const text = textNodeOf(album.workspace);
    const editor = await join(album.id);
    expect(
      await sendMutation(editor, [{ op: 'replace', path: `/nodes/${text.id}/props/x`, value: 11 }]),
    ).toMatchObject({
      ok: true,
    });
    expect((await approve(orderId)).statusCode).toBe(200);

    const socketEdit = await sendMutation(editor, [
      { op: 'replace', path: `/nodes/${text.id}/props/x`, value: 12 },
    ]);
    expect(socketEdit).toMatchObject({ ok: false, error: { code: 'ALBUM_LOCKED' } });
    const version = (await call('GET', `/albums/${album.id}`, { token: owner.access_token })).json().version;
    const httpEdit = await call('POST', `/albums/${album.id}/mutations`, {
      token: owner.access_token,
      payload: {
        patches: [{ op: 'replace', path: `/nodes/${text.id}/props/x`, value: 13 }],
        version,
        clientId: 'review-test',
        mutationId: 'locked-http-edit',
      },
    });
    expect(httpEdit.statusCode).toBe(409);
    expect(httpEdit.json().error.code).toBe('ALBUM_LOCKED');
    const patched = await call('PATCH', `/albums/${album.id}`, {
      token: owner.access_token,
      payload: { colors: ['#000', '#fff', '#f00'] },
    });
    expect(patched.statusCode).toBe(409);

    expect((await feedback(orderId, 'Noch eine Änderung')).statusCode).toBe(200);
    expect(
      await sendMutation(editor, [{ op: 'replace', path: `/nodes/${text.id}/props/x`, value: 14 }]),
    ).toMatchObject({
      ok: true,
    });
  });

  it('tells every open editor of the album at once, with album_locked', async () => {
    const { album, orderId } = await orderedAlbum();
    const first = await join(album.id);
    const second = await join(album.id);
    const locked = Promise.all([next(first, 'album_locked', 2_000), next(second, 'album_locked', 2_000)]);
    expect((await approve(orderId)).statusCode).toBe(200);
    expect(await locked).toEqual([{ locked: true }, { locked: true }]);
    const unlocked = next(second, 'album_locked', 2_000);
    const unlockedResponse = await feedback(orderId);
    expect(unlockedResponse.statusCode).toBe(200);
    expect(await unlocked).toEqual({ locked: false });
  });
});

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!scaledOut)('print approval across two instances sharing PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let urlB: string;
  let owner: Session;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await startTestApp('postgres', { redisUrl: process.env.REDIS_URL });
    const database = await openDatabase({ databaseUrl: a.config.databaseUrl, dataDir: a.config.dataDir });
    b = await buildApp(a.config, { database });
    await listen(a.app);
    urlB = await listen(b);
    owner = await signUp(a.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  });

  it('locks an editor on the other instance: it hears album_locked and its next change is refused', async () => {
    const call = caller(a.app);
    const album = await cleanAlbum(a.app, owner.access_token);
    const placed = await call('POST', '/orders', {
      token: owner.access_token,
      payload: orderForm(album.id),
      headers: idempotencyKey(),
    });
    const text = textNodeOf(album.workspace);
    const onB = await connect(urlB, { token: owner.access_token, albumId: album.id });
    sockets.push(onB);
    // B has the album in its sync cache, unlocked.
    expect(
      await sendMutation(onB, [{ op: 'replace', path: `/nodes/${text.id}/props/x`, value: 21 }]),
    ).toMatchObject({ ok: true });
    const heard = next(onB, 'album_locked', 2_000);
    expect(
      (await call('POST', `/orders/${placed.json().order.id}/print_approval`, { token: owner.access_token }))
        .statusCode,
    ).toBe(200);
    expect(await heard).toEqual({ locked: true });
    expect(
      await sendMutation(onB, [{ op: 'replace', path: `/nodes/${text.id}/props/x`, value: 22 }]),
    ).toMatchObject({
      ok: false,
      error: { code: 'ALBUM_LOCKED' },
    });
  });
});
