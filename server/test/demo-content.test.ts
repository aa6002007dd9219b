import { checkInvariants, type AlbumDocument } from '@stickerbook/model';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seeds/accounts.ts';
import { DEMO_PEOPLE, emptyStickerCells, fillDemoAlbum } from '../src/seeds/demo-content.ts';
import { bearer, startTestApp, type TestApp } from './helpers/test-app.ts';

describe('the demo album of a development install', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-demo-'));
    t = await startTestApp('pglite', { dataDir, appEnv: 'development' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    token = login.json().access_token;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const demoAlbum = async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/albums', headers: bearer(token) });
    const [summary] = list.json().albums;
    const album = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${summary.id}`,
      headers: bearer(token),
    });
    return album.json() as { id: string; releaseDate: string | null; workspace: AlbumDocument };
  };

  it('fills the untouched demo album with placed, named stickers whose portraits are real images', async () => {
    const before = await demoAlbum();
    expect(Object.keys(before.workspace.stickers)).toHaveLength(0);
    const emptyCells = emptyStickerCells(before.workspace).length;

    await fillDemoAlbum(t.app);

    const after = await demoAlbum();
    expect(checkInvariants(after.workspace)).toEqual([]);
    const stickers = Object.values(after.workspace.stickers);
    expect(stickers.map((s) => s.name).sort()).toEqual(DEMO_PEOPLE.map((p) => p.name).sort());
    expect(emptyStickerCells(after.workspace)).toHaveLength(emptyCells - Math.min(emptyCells, 12));
    expect(after.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const images = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${after.id}/images`,
      headers: bearer(token),
    });
    const records = images.json().images as Array<{ id: string; model: string }>;
    const ids = new Set(records.map((r) => r.id));
    for (const sticker of stickers) expect(ids.has(sticker.image!)).toBe(true);
    expect(records.every((r) => r.model === 'sticker')).toBe(true);
  });

  it('runs once: a second start leaves the album as it is', async () => {
    const first = await demoAlbum();
    await fillDemoAlbum(t.app);
    const second = await demoAlbum();
    expect(Object.keys(second.workspace.stickers)).toEqual(Object.keys(first.workspace.stickers));
  });
});
