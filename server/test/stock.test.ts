import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import { PexelsClient } from '../src/providers/pexels/index.ts';
import { startFakePexels, type FakePexels } from './fakes/pexels.ts';
import { declare, photo, putLocal, type Uploaded } from './fixtures/images/upload-client.ts';
import { bearer, DATABASE_KINDS, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

const PEXELS_KEY = 'fake-pexels-key-123';
const ADMIN = { email: 'admin@stickerbook.local', password: 'admin-password-for-tests' };

describe('the Pexels client', () => {
  let fake: FakePexels;
  beforeAll(async () => {
    fake = await startFakePexels(PEXELS_KEY);
  });
  afterAll(() => fake.close());

  it('reports a failing Pexels and answers an empty, unavailable result that is not cached', async () => {
    const report = vi.fn();
    const client = new PexelsClient({ apiKey: PEXELS_KEY, baseUrl: fake.url, report });
    fake.failWith = 500;
    const failed = await client.search({ query: 'celebration', page: 1, perPage: 16 });
    fake.failWith = undefined;
    expect(failed).toMatchObject({ photos: [], total_results: 0, next_page: null, unavailable: true });
    expect(report).toHaveBeenCalledOnce();
    expect(report.mock.calls[0][1]).toMatchObject({ provider: 'pexels', operation: 'search' });
    const retried = await client.search({ query: 'celebration', page: 1, perPage: 16 });
    expect(retried.photos).toHaveLength(16);
  });

  it('reports a failed lookup and returns nothing, but an unknown id is no failure', async () => {
    const report = vi.fn();
    const client = new PexelsClient({ apiKey: 'wrong-key', baseUrl: fake.url, report });
    expect(await client.photo(1001)).toBeUndefined();
    expect(report).toHaveBeenCalledOnce();
    const good = new PexelsClient({ apiKey: PEXELS_KEY, baseUrl: fake.url, report });
    expect(await good.photo(999_999)).toBeUndefined();
    expect(report).toHaveBeenCalledOnce();
  });

  it('forgets cached answers after their time to live', async () => {
    const client = new PexelsClient({
      apiKey: PEXELS_KEY,
      baseUrl: fake.url,
      report: vi.fn(),
      cacheTtlMs: 1,
    });
    const before = fake.requests.length;
    await client.search({ query: 'football', page: 1, perPage: 16 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await client.search({ query: 'football', page: 1, perPage: 16 });
    expect(fake.requests.length - before).toBe(2);
  });
});

describe.each(DATABASE_KINDS)('stock photos from Pexels on %s', (kind) => {
  let t: TestApp;
  let fake: FakePexels;
  let user: { access_token: string };

  beforeAll(async () => {
    fake = await startFakePexels(PEXELS_KEY);
    t = await startTestApp(kind, {
      pexelsApiKey: PEXELS_KEY,
      pexelsApiUrl: fake.url,
      siteEnvironment: 'sports',
    });
    user = await signUp(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const search = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stock_photos?${query}`, headers: bearer(user.access_token) });

  it('says the stock source is Pexels and which environment the site runs in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/features' });
    expect(response.json()).toMatchObject({ stock: 'pexels', environment: 'sports' });
  });

  it('searches Pexels with the key, the query, 16 per page, the page and the locale, and answers in its shape', async () => {
    const before = fake.requests.length;
    const response = await search('query=celebration&per_page=16&page=1&locale=de-DE');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      provider: 'pexels',
      page: 1,
      per_page: 16,
      total_results: 40,
      next_page: 2,
    });
    expect(body.photos).toHaveLength(16);
    expect(body.photos[0]).toEqual({
      id: 1001,
      width: 4000,
      height: 3000,
      photographer: 'Photographer 1',
      photographer_url: 'https://www.pexels.com/@photographer-1',
      url: 'https://www.pexels.com/photo/1001/',
      alt: 'Party number 1',
      src: {
        tiny: expect.stringContaining('h=200&w=280'),
        small: expect.stringContaining('h=130'),
        medium: expect.stringContaining('h=350'),
        large: expect.stringContaining('h=650&w=940'),
        large2x: expect.stringContaining('dpr=2'),
        original: 'https://images.pexels.com/photos/1001/pexels-photo-1001.jpeg',
      },
    });
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe('/v1/search');
    expect(sent[0].authorization).toBe(PEXELS_KEY);
    expect(Object.fromEntries(sent[0].query)).toEqual({
      query: 'celebration',
      per_page: '16',
      page: '1',
      locale: 'de-DE',
    });
  });

  it('pages through the results until the last page has no next page', async () => {
    const page2 = (await search('query=celebration&page=2&locale=de-DE')).json();
    const page3 = (await search('query=celebration&page=3&locale=de-DE')).json();
    expect(page2.photos.map((p: { id: number }) => p.id)[0]).toBe(1017);
    expect(page2.next_page).toBe(3);
    expect(page3.photos).toHaveLength(8);
    expect(page3.next_page).toBeNull();
  });

  it('answers a repeated search from its cache without asking Pexels again', async () => {
    await search('query=office%20team&locale=en-US');
    const before = fake.requests.length;
    const again = await search('query=Office%20Team&locale=en-US');
    expect(again.json().photos).toHaveLength(5);
    expect(fake.requests.length).toBe(before);
    // Another locale is another question.
    await search('query=office%20team&locale=fr-FR');
    expect(fake.requests.length).toBe(before + 1);
  });

  it('looks up a photo by id, without a call for one a search already returned', async () => {
    await search('query=football&locale=pl-PL');
    const before = fake.requests.length;
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/v1/stock_photos/3001',
      headers: bearer(user.access_token),
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: 3001, photographer: 'Stadium Shots' });
    expect(fake.requests.length).toBe(before);

    const lookUp = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/stock_photos/4001', headers: bearer(user.access_token) });
    expect((await lookUp()).json()).toMatchObject({ id: 4001, photographer: 'Hill Walker' });
    expect(fake.requests.at(-1)?.path).toBe('/v1/photos/4001');
    const afterFirst = fake.requests.length;
    expect((await lookUp()).json()).toMatchObject({ id: 4001 });
    expect(fake.requests.length).toBe(afterFirst);
  });

  it('answers 404 for an id Pexels does not know', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/stock_photos/424242',
      headers: bearer(user.access_token),
    });
    expect(response.statusCode).toBe(404);
  });

  it('never hands out a photo whose files are outside the upload domains (SPEC §9), by search or by id', async () => {
    const found = await search('query=lighthouse&locale=en-US');
    expect(found.statusCode).toBe(200);
    expect(found.json().photos).toEqual([]);
    const byId = await t.app.inject({
      method: 'GET',
      url: '/api/v1/stock_photos/5001',
      headers: bearer(user.access_token),
    });
    expect(byId.statusCode).toBe(404);
  });

  it('answers an empty, unavailable page when Pexels fails', async () => {
    fake.failWith = 503;
    const response = await search('query=never%20asked%20before');
    fake.failWith = undefined;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ photos: [], total_results: 0, unavailable: true });
  });

  it('refuses a bad locale, an empty query and anonymous callers', async () => {
    expect((await search('query=celebration&locale=german')).statusCode).toBe(400);
    expect((await search('query=%20%20')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/stock_photos?query=celebration' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('the local stock library on %s', (kind) => {
  let t: TestApp;
  let jobs: JobQueue;
  let dataDir: string;
  let admin: { access_token: string };
  let user: { access_token: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-stock-'));
    t = await startTestApp(kind, { dataDir, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ADMIN });
    admin = login.json();
    user = await signUp(t.app);
  }, 60_000);
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function uploadBlob(token: string, bytes: Buffer, contentType = 'image/jpeg') {
    const declared = await declare(t.app, token, bytes, { content_type: contentType });
    expect(declared.statusCode).toBe(201);
    const upload = declared.json() as Uploaded;
    expect((await putLocal(t.app, upload, bytes)).statusCode).toBe(200);
    return upload.blob_id;
  }

  async function addPhoto(token: string, blobId: string, fields: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/stock_photos',
      headers: bearer(token),
      payload: { blob_id: blobId, ...fields },
    });
  }

  const search = (query: string, token = user.access_token) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stock_photos?${query}`, headers: bearer(token) });

  it('says the stock source is the library when no Pexels key is set', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/features' });
    expect(response.json()).toMatchObject({ stock: 'library', environment: 'default' });
  });

  it('lets an admin add a photo with photographer and tags, in every Pexels size, served from storage', async () => {
    const blobId = await uploadBlob(admin.access_token, await photo(2400, 1600));
    const response = await addPhoto(admin.access_token, blobId, {
      photographer: 'Ada Admin',
      photographer_url: 'https://example.com/ada',
      title: 'Confetti over the crowd',
      tags: ['celebration', 'party'],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      photographer: 'Ada Admin',
      photographer_url: 'https://example.com/ada',
      width: 2400,
      height: 1600,
      tags: ['celebration', 'party'],
      alt: 'Confetti over the crowd',
    });
    expect(Number.isInteger(created.id)).toBe(true);
    const tiny = await t.app.inject({ method: 'GET', url: created.src.tiny });
    expect(tiny.statusCode).toBe(200);
    expect(await sharp(tiny.rawPayload).metadata()).toMatchObject({
      width: 280,
      height: 200,
      format: 'jpeg',
    });
    const medium = await sharp(
      (await t.app.inject({ method: 'GET', url: created.src.medium })).rawPayload,
    ).metadata();
    expect(medium.height).toBe(350);
    const original = await t.app.inject({ method: 'GET', url: created.src.original });
    expect(original.rawPayload.length).toBeGreaterThan(100_000);
  });

  it('finds library photos by tag, title words and photographer, case-insensitively, with paging', async () => {
    for (let i = 0; i < 3; i += 1) {
      const blobId = await uploadBlob(admin.access_token, await photo(600, 400));
      const added = await addPhoto(admin.access_token, blobId, {
        photographer: 'Otto Office',
        title: `Meeting room ${i}`,
        tags: ['office', 'team'],
      });
      expect(added.statusCode).toBe(201);
    }
    expect((await search('query=CELEBRATION')).json()).toMatchObject({
      provider: 'library',
      total_results: 1,
    });
    expect((await search('query=confetti')).json().total_results).toBe(1);
    expect((await search('query=ada%20admin')).json().total_results).toBe(1);
    expect((await search('query=office%20team')).json().total_results).toBe(3);
    expect((await search('query=office%20party')).json().total_results).toBe(0);
    const first = (await search('query=office&per_page=2&page=1')).json();
    expect(first.photos).toHaveLength(2);
    expect(first.next_page).toBe(2);
    const second = (await search('query=office&per_page=2&page=2')).json();
    expect(second.photos).toHaveLength(1);
    expect(second.next_page).toBeNull();
    // '%' is a character to find, not a wildcard.
    expect((await search('query=%25')).json().total_results).toBe(0);
  });

  it('looks up a library photo by id', async () => {
    const [hit] = (await search('query=confetti')).json().photos;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stock_photos/${hit.id}`,
      headers: bearer(user.access_token),
    });
    expect(response.json()).toMatchObject({ id: hit.id, photographer: 'Ada Admin' });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/stock_photos/99999999999',
      headers: bearer(user.access_token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('gives library photos random ids that say nothing about how many there are', async () => {
    const ids = (await search('query=office')).json().photos.map((p: { id: number }) => p.id) as number[];
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      expect(Number.isSafeInteger(id)).toBe(true);
      // Sequential ids would be 1, 2, 3...; a random one of 2^48 is this small once in ~280 million.
      expect(id).toBeGreaterThan(1_000_000);
    }
    const sorted = [...ids].sort((a, b) => a - b);
    expect(sorted[2] - sorted[0]).toBeGreaterThan(2);
    // Each is found by its id, like any other.
    for (const id of ids) {
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/v1/stock_photos/${id}`,
        headers: bearer(user.access_token),
      });
      expect(found.json().id).toBe(id);
    }
  });

  it('refuses a non-admin who tries to add or delete library photos, and changes nothing', async () => {
    const blobId = await uploadBlob(user.access_token, await photo(600, 400));
    const added = await addPhoto(user.access_token, blobId, {
      photographer: 'Mallory',
      tags: ['celebration'],
    });
    expect(added.statusCode).toBe(403);
    expect(added.json().error.code).toBe('ADMIN_ONLY');
    const [hit] = (await search('query=confetti')).json().photos;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stock_photos/${hit.id}`,
      headers: bearer(user.access_token),
    });
    expect(deleted.statusCode).toBe(403);
    expect((await search('query=celebration')).json().total_results).toBe(1);
  });

  it("refuses someone else's upload and a file that is not a JPEG or PNG by its content", async () => {
    const userBlob = await uploadBlob(user.access_token, await photo(600, 400));
    const foreign = await addPhoto(admin.access_token, userBlob, { photographer: 'Ada' });
    expect(foreign.statusCode).toBe(404);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">' +
        '<rect width="300" height="200" fill="#336699"/><circle cx="150" cy="100" r="60" fill="#ffcc00"/></svg>',
    );
    const svgBlob = await uploadBlob(admin.access_token, svg, 'image/svg+xml');
    const refused = await addPhoto(admin.access_token, svgBlob, { photographer: 'Ada' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.codes).toContain('IMAGE_TYPE_NOT_ALLOWED');
  });

  it('lets an admin delete a library photo, which then is neither found nor served', async () => {
    const [hit] = (await search('query=confetti')).json().photos;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stock_photos/${hit.id}`,
      headers: bearer(admin.access_token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await search('query=confetti')).json().total_results).toBe(0);
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stock_photos/${hit.id}`,
      headers: bearer(user.access_token),
    });
    expect(lookup.statusCode).toBe(404);
    // Its files follow in the file cleanup job.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: hit.src.tiny })).statusCode, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stock_photos/${hit.id}`,
      headers: bearer(admin.access_token),
    });
    expect(again.statusCode).toBe(404);
  });
});
