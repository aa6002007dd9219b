/**
 * The seeded stock library (seeds/stock-library.ts): without Pexels the stock tab is not empty on a fresh
 * installation. 24 pictures, four per blueprint category, found by the stock panel's default queries in every
 * album language, each with its sizes in storage; seeding again adds nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PHOTOGRAPHER, seedStockLibrary } from '../src/seeds/stock-library.ts';
import { createStorage } from '../src/storage/index.ts';
import { bearer, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

describe('the seeded stock library', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-stock-seed-'));
    t = await startTestApp('pglite', { dataDir });
    token = (await signUp(t.app)).access_token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const search = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stock_photos?query=${encodeURIComponent(query)}&per_page=40`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      provider: string;
      total_results: number;
      photos: Array<{ photographer: string; src: Record<string, string>; width: number }>;
    }>();
  };

  it('fills an empty library with 24 CC0 pictures, four per category, once', async () => {
    const storage = createStorage(t.config).storage;
    expect((await search('celebration')).total_results).toBe(0);
    expect(await seedStockLibrary(t.database.db, storage)).toBe(24);
    expect(await seedStockLibrary(t.database.db, storage)).toBe(0);
    for (const category of ['business', 'wedding', 'sports', 'birthday', 'school', 'community']) {
      expect((await search(category)).total_results, category).toBeGreaterThanOrEqual(4);
    }
    const all = await search('stickerbook');
    expect(all.total_results).toBe(24);
    expect(all.photos.every((photo) => photo.photographer === SEED_PHOTOGRAPHER)).toBe(true);
  }, 120_000);

  it('answers the stock panel’s default queries in every album language', async () => {
    for (const query of [
      'celebration',
      'Feier',
      'fête',
      'festa',
      'uroczystość',
      'office team',
      'Büro Team',
    ]) {
      expect((await search(query)).total_results, query).toBeGreaterThan(0);
    }
    for (const query of ['football', 'Fußball', 'calcio', 'piłka nożna']) {
      expect((await search(query)).total_results, query).toBeGreaterThanOrEqual(4);
    }
  });

  it('serves real pictures in every size', async () => {
    const [photo] = (await search('football')).photos;
    expect(photo.width).toBe(1600);
    const file = await t.app.inject({ method: 'GET', url: photo.src.medium });
    expect(file.statusCode).toBe(200);
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.format, metadata.height]).toEqual(['jpeg', 350]);
    // Not a flat colour: the scene has shapes and gradients.
    const stats = await sharp(file.rawPayload).stats();
    expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(20);
  });
});
