/**
 * DESIGN.md "Scale-out": two server instances on loopback sharing PostgreSQL and Redis. Runs when DATABASE_URL and
 * REDIS_URL are set (CI; this machine too).
 */
import type { AlbumDocument, DocNode } from '@stickerbook/model';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { albumMutations } from '../src/db/schema.ts';
import { currentAlbumDocument } from '../src/album-store/albums.ts';
import { createAlbum, signUp, startTestApp, type Session, type TestApp } from './helpers/test-app.ts';
import { connect, listen, next, sendMutation } from './helpers/realtime-client.ts';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!enabled)('two instances sharing PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let owner: Session;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await startTestApp('postgres', { redisUrl: process.env.REDIS_URL });
    const database = await openDatabase({ databaseUrl: a.config.databaseUrl, dataDir: a.config.dataDir });
    b = await buildApp(a.config, { database });
    urlA = await listen(a.app);
    urlB = await listen(b);
    owner = await signUp(a.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  });

  async function join(baseUrl: string, albumId: string, on?: Record<string, (payload: never) => void>) {
    const socket = await connect(baseUrl, { token: owner.access_token, albumId, on });
    sockets.push(socket);
    return socket;
  }

  it('delivers an edit saved through instance A to a client on instance B, and the reverse', async () => {
    const album = await createAlbum(a.app, owner.access_token);
    const element = Object.values((album.workspace as unknown as AlbumDocument).nodes).find(
      (node) => node.type === 'Text',
    ) as DocNode;
    const onA = await join(urlA, album.id);
    const onB = await join(urlB, album.id);

    const atB = next<{ version: number; patches: unknown[] }>(onB, 'mutations');
    const patches = [{ op: 'replace', path: `/nodes/${element.id}/props/x`, value: 31 }];
    expect(await sendMutation(onA, patches)).toMatchObject({ ok: true, version: 1 });
    expect(await atB).toMatchObject({ version: 1, patches });

    const atA = next<{ version: number }>(onA, 'mutations');
    expect(
      await sendMutation(onB, [{ op: 'replace', path: `/nodes/${element.id}/props/y`, value: 32 }]),
    ).toMatchObject({ ok: true, version: 2 });
    expect(await atA).toMatchObject({ version: 2 });
  });

  it('shows people on the other instance in presence, and their leaving', async () => {
    const album = await createAlbum(a.app, owner.access_token);
    const onA = await join(urlA, album.id);
    let resolveSeen: (payload: { socketId: string }) => void = () => undefined;
    const seen = new Promise<{ socketId: string }>((r) => (resolveSeen = r));
    const onB = await join(urlB, album.id, { selection: (p: { socketId: string }) => resolveSeen(p) });
    expect((await seen).socketId).toBe(onA.id);
    const left = next<{ socketId: string }>(onB, 'user_left');
    const idOnA = onA.id;
    onA.close();
    expect((await left).socketId).toBe(idOnA);
  });

  it('orders concurrent writes through both instances into one version sequence without losing one', async () => {
    const album = await createAlbum(a.app, owner.access_token);
    const element = Object.values((album.workspace as unknown as AlbumDocument).nodes).find(
      (node) => node.type === 'Text',
    ) as DocNode;
    const onA = await join(urlA, album.id);
    const onB = await join(urlB, album.id);
    const sends = [];
    for (let i = 0; i < 20; i++) {
      const socket = i % 2 ? onB : onA;
      sends.push(sendMutation(socket, [{ op: 'replace', path: `/nodes/${element.id}/props/x`, value: i }]));
    }
    const acks = await Promise.all(sends);
    const versions = acks.map((ack) => (ack.ok ? ack.version : -1)).sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const row = (await currentAlbumDocument(a.database.db, album.id))!;
    const log = await a.database.db.select().from(albumMutations).where(eq(albumMutations.albumId, album.id));
    expect(row.version).toBe(20);
    expect(log).toHaveLength(20);
    const last = acks.findIndex((ack) => ack.ok && ack.version === 20);
    expect(row.doc.nodes[element.id].props.x).toBe(last);
  });
});
