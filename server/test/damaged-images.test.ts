/**
 * Issue 16: a truncated JPEG passes the header checks; it is decoded completely before the upload is answered, so
 * it gets 422 IMAGE_DAMAGED on every route that turns an upload into an image, and nothing is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declare, photo, putLocal, uploadImage, type Uploaded } from './fixtures/images/upload-client.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from './helpers/sticker-link.ts';
import {
  bearer,
  createAlbum,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';

const ADMIN = { email: 'admin@damaged.test', password: 'admin password long enough' };

/** The first part of a real JPEG: its header (size, type) is intact, the scan data stops half way. */
const truncated = (jpeg: Buffer, keep = 0.6) => jpeg.subarray(0, Math.floor(jpeg.length * keep));

function expectDamaged(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({
    error: { code: 'IMAGE_DAMAGED', details: { codes: ['IMAGE_DAMAGED'] } },
  });
}

describe.each(DATABASE_KINDS)('damaged images on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let owner: Session;
  let whole: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-damaged-'));
    t = await startTestApp(kind, { dataDir, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    owner = await signUp(t.app);
    whole = await photo(900, 700);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const albumImages = async (albumId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/albums/${albumId}/images`,
        headers: bearer(owner.access_token),
      })
    ).json().images as unknown[];

  it('refuses a truncated JPEG as an album image with 422 and keeps no image', async () => {
    const album = await createAlbum(t.app, owner.access_token);
    expectDamaged(await uploadImage(t.app, owner.access_token, album.id, truncated(whole)));
    expect(await albumImages(album.id)).toEqual([]);
    // The same photo whole is fine: the check is about the file, not the route.
    expect((await uploadImage(t.app, owner.access_token, album.id, whole)).statusCode).toBe(201);
  });

  it('refuses a large photo cut off past its first half megabyte, which the header reader never sees', async () => {
    const album = await createAlbum(t.app, owner.access_token);
    const big = await photo(2400, 1800);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expectDamaged(await uploadImage(t.app, owner.access_token, album.id, truncated(big, 0.9)));
    expect(await albumImages(album.id)).toEqual([]);
  });

  it('refuses a direct upload used twice: the damaged file is gone after the first refusal', async () => {
    const album = await createAlbum(t.app, owner.access_token);
    const bytes = truncated(whole);
    const declared = await declare(t.app, owner.access_token, bytes);
    const upload = declared.json() as Uploaded;
    expect((await putLocal(t.app, upload, bytes)).statusCode).toBe(200);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/albums/${album.id}/images`,
        headers: bearer(owner.access_token),
        payload: { blob_id: upload.blob_id, model: 'image' },
      });
    expectDamaged(await create());
    expect((await create()).statusCode).toBe(404);
  });

  it('refuses a truncated photo sent through the sticker link, and as the replacement of a sent one', async () => {
    const { album, linkToken } = await albumWithLink(t.app, owner.access_token);
    const damaged = await uploadLinkPhoto(t.app, linkToken, truncated(whole));
    expectDamaged(
      await submitToLink(t.app, linkToken, { name: 'Ada', section_id: null, blob_id: damaged.blobId }),
    );

    const good = await uploadLinkPhoto(t.app, linkToken, whole);
    const sent = await submitToLink(t.app, linkToken, {
      name: 'Ada',
      section_id: null,
      blob_id: good.blobId,
    });
    expect(sent.statusCode).toBe(201);
    const { id, session_token } = sent.json() as { id: string; session_token: string };
    const replacement = await uploadLinkPhoto(t.app, linkToken, truncated(whole, 0.5));
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/public/sticker_uploads/${linkToken}/uploads/${id}`,
      headers: bearer(session_token),
      payload: { sticker_upload: { name: 'Ada', section_id: null, blob_id: replacement.blobId } },
    });
    expectDamaged(replaced);
    // The contributor's photo is still the good one, and only it is in the album.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/sticker_uploads/${linkToken}/mine`,
      headers: bearer(session_token),
    });
    expect(mine.json()).toMatchObject({ sticker_uploads: [{ id, name: 'Ada' }] });
    const collected = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${album.id}/sticker_uploads`,
      headers: bearer(owner.access_token),
    });
    expect(collected.json()).toMatchObject({ sticker_uploads: [{ id }] });
    expect((collected.json() as { sticker_uploads: unknown[] }).sticker_uploads).toHaveLength(1);
    // A link photo joins the album's images once accepted (SPEC §6 hidden images), so none are listed yet.
    expect(await albumImages(album.id)).toEqual([]);
  });

  it('refuses a truncated photo for the stock library', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ADMIN });
    const admin = login.json() as Session;
    const bytes = truncated(whole);
    const declared = await declare(t.app, admin.access_token, bytes);
    const upload = declared.json() as Uploaded;
    expect((await putLocal(t.app, upload, bytes)).statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stock_photos',
      headers: bearer(admin.access_token),
      payload: { blob_id: upload.blob_id, photographer: 'Ada' },
    });
    expectDamaged(added);
    const library = await t.app.inject({
      method: 'GET',
      url: '/api/v1/stock_photos?query=',
      headers: bearer(admin.access_token),
    });
    expect(library.json().photos ?? []).toEqual([]);
  });
});
