/**
 * Issue 6 fuzz: 10,000 random mutations, valid and invalid, sent over a real socket. The model's full check
 * (`applyUntrustedPatches`, which runs `checkInvariants` on the whole document) is the oracle: the server must
 * accept exactly what it accepts, answer the rest with merge_error, and its stored document must stay valid and
 * equal to the oracle's document throughout.
 */
import { applyUntrustedPatches, checkInvariants, seededRandom, type AlbumDocument } from '@stickerbook/model';
import { makeLargeAlbum, randomMutation } from '@stickerbook/model/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumMutations, albums } from '../src/db/schema.ts';
import { currentAlbumDocument } from '../src/album-store/albums.ts';
import { createAlbum, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';
import { collect, connect, listen, sendMutation, type Ack } from './helpers/realtime-client.ts';

const MUTATIONS = 10_000;
/** Mutations in flight at once: the server answers them in order, so the oracle can run ahead. */
const WINDOW = 40;
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);

describe('realtime fuzz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it(`keeps the stored document valid through ${MUTATIONS} random mutations and refuses exactly the invalid ones (seed ${SEED})`, async () => {
    const baseUrl = await listen(t.app);
    const owner = await signUp(t.app);
    const album = await createAlbum(t.app, owner.access_token);
    let oracle: AlbumDocument = makeLargeAlbum({ spreads: 4, stickers: 12, otherElements: 20 });
    await t.database.db.update(albums).set({ workspace: oracle }).where(eq(albums.id, album.id));
    const socket = await connect(baseUrl, { token: owner.access_token, albumId: album.id });
    const mergeErrors = collect<{ mutationId: string }>(socket, 'merge_error');
    const random = seededRandom(SEED);

    // What every reader sees: the snapshot with the log tail applied (the sync service folds in between).
    const storedDocument = async () => {
      const current = (await currentAlbumDocument(t.database.db, album.id))!;
      return { ...current, workspace: current.doc };
    };

    let version = 0;
    let invalid = 0;
    for (let sent = 0; sent < MUTATIONS; sent += WINDOW) {
      const batch: Array<{ expectOk: boolean; ack: Promise<Ack>; mutationId: string }> = [];
      for (let i = sent; i < Math.min(sent + WINDOW, MUTATIONS); i++) {
        let patches = randomMutation(oracle, random);
        // An empty list is refused as INVALID_PAYLOAD before any check; it says nothing about the document.
        while (patches.length === 0) patches = randomMutation(oracle, random);
        const expected = applyUntrustedPatches(oracle, patches);
        if (expected.ok) oracle = expected.doc;
        else invalid++;
        const mutationId = `fuzz-${i}`;
        batch.push({
          expectOk: expected.ok,
          ack: sendMutation(socket, patches, { mutationId, version }),
          mutationId,
        });
      }
      for (const { expectOk, ack, mutationId } of batch) {
        const answer = await ack;
        if (answer.ok !== expectOk)
          throw new Error(`${mutationId}: server ${JSON.stringify(answer)}, oracle ok=${expectOk}`);
        if (answer.ok) {
          expect(answer.version).toBe(version + 1);
          version = answer.version;
        } else {
          expect(answer.error.code).toBe('INVALID_MUTATION');
        }
      }
      if ((sent / WINDOW) % 25 === 0) {
        const row = await storedDocument();
        expect(checkInvariants(row.workspace)).toEqual([]);
        expect(row.workspace).toEqual(oracle);
      }
    }

    const row = await storedDocument();
    expect(row.version).toBe(version);
    expect(row.workspace).toEqual(oracle);
    expect(checkInvariants(row.workspace)).toEqual([]);
    const log = await t.database.db.select().from(albumMutations).where(eq(albumMutations.albumId, album.id));
    expect(log).toHaveLength(version);
    expect(version + invalid).toBe(MUTATIONS);
    expect(invalid).toBeGreaterThan(MUTATIONS / 10);
    expect(version).toBeGreaterThan(MUTATIONS / 10);
    await new Promise((r) => setTimeout(r, 100));
    expect(mergeErrors).toHaveLength(invalid);
    socket.close();
  }, 180_000);
});
