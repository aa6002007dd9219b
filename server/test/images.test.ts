import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs } from '../src/db/schema.ts';
import { blobStorageKey } from '../src/images/repository.ts';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import {
  bearer,
  createAlbum,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';
import {
  bombPng,
  createImage,
  declare,
  faceApiSample,
  md5Base64,
  photo,
  pngImage,
  portrait,
  putLocal,
  uploadImage,
  waitForVariants,
  type Uploaded,
} from './fixtures/images/upload-client.ts';

const SCRIPT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>';
const CLEAN_SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">' +
  '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs>' +
  '<rect width="200" height="100" fill="url(#g)"/></svg>';

describe.each(DATABASE_KINDS)('image uploads on %s', (kind) => {
  let t: TestApp;
  let jobs: JobQueue;
  let dataDir: string;
  let owner: { access_token: string };
  let stranger: { access_token: string };
  let albumId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-images-'));
    t = await startTestApp(kind, { dataDir });
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    albumId = (await createAlbum(t.app, owner.access_token)).id;
  }, 60_000);
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

  it('uploads a photo, returns the record at once with the original usable, then finishes its variants', async () => {
    const bytes = await photo(3000, 2000);
    const response = await uploadImage(t.app, owner.access_token, albumId, bytes);
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({
      album_id: albumId,
      model: 'image',
      details: { width: 3000, height: 2000 },
      meta: { content_type: 'image/jpeg', byte_size: bytes.length },
      blob: { filename: 'photo.jpg' },
    });
    expect(['queued', 'working', 'finished']).toContain(image.state);
    const original = await fetchFile(image.blob.original);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(bytes)).toBe(true);

    const done = await waitForVariants(t.app, owner.access_token, image.id);
    expect(done.state).toBe('finished');
    expect(done.dimensions).toEqual({
      small: { width: 480, height: 320 },
      medium: { width: 1200, height: 800 },
      large: { width: 2400, height: 1600 },
      full: { width: 3000, height: 2000 },
      original: { width: 3000, height: 2000 },
    });
    for (const name of ['small', 'medium', 'large', 'full'] as const) {
      const file = await fetchFile(done.blob[name]);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const metadata = await sharp(file.rawPayload).metadata();
      expect({ width: metadata.width, height: metadata.height }).toEqual(done.dimensions[name]);
    }
  });

  it('keeps a 48 MP photo uploaded through the API scaled down to 6000 px on its longer side', async () => {
    const bytes = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#3a7' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const response = await uploadImage(t.app, owner.access_token, albumId, bytes);
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(image.details).toMatchObject({ width: 6000, height: 4500 });
    const original = await fetchFile(image.blob.original);
    const stored = await sharp(original.rawPayload).metadata();
    expect([stored.width, stored.height, stored.format]).toEqual([6000, 4500, 'jpeg']);
    expect(image.meta.byte_size).toBe(original.rawPayload.length);
    const done = await waitForVariants(t.app, owner.access_token, image.id);
    expect(done.state).toBe('finished');
    expect(done.dimensions.original).toEqual({ width: 6000, height: 4500 });
  });

  it('applies the EXIF orientation to the size and the variants', async () => {
    // Stored 600 x 400 with orientation 6 (turn 90° clockwise): shown 400 x 600.
    const response = await uploadImage(
      t.app,
      owner.access_token,
      albumId,
      await photo(600, 400, { orientation: 6 }),
    );
    expect(response.json().details).toMatchObject({ width: 400, height: 600 });
    const done = await waitForVariants(t.app, owner.access_token, response.json().id);
    expect(done.dimensions.small).toEqual({ width: 320, height: 480 });
    const small = await sharp((await fetchFile(done.blob.small)).rawPayload).metadata();
    expect([small.width, small.height, small.orientation ?? 1]).toEqual([320, 480, 1]);
    // The original is re-encoded upright, not the sideways upload.
    expect(done.dimensions.original).toEqual({ width: 400, height: 600 });
  });

  it('converts a photo with another colour profile to sRGB', async () => {
    const p3 = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const profileName = (icc: Buffer | undefined) => icc?.toString('latin1').replaceAll('\0', '');
    expect(profileName((await sharp(p3).metadata()).icc)).not.toMatch(/sRGB/);
    const created = (await uploadImage(t.app, owner.access_token, albumId, p3)).json();
    const done = await waitForVariants(t.app, owner.access_token, created.id);
    for (const name of ['medium', 'original'] as const) {
      const variant = await sharp((await fetchFile(done.blob[name])).rawPayload).metadata();
      expect(profileName(variant.icc), name).toMatch(/sRGB/);
    }
  });

  it('keeps a PNG with transparency as PNG variants', async () => {
    const response = await uploadImage(t.app, owner.access_token, albumId, await pngImage(300, 200, true), {
      contentType: 'image/png',
      filename: 'logo.png',
    });
    const done = await waitForVariants(t.app, owner.access_token, response.json().id);
    const small = await fetchFile(done.blob.small);
    expect(small.headers['content-type']).toBe('image/png');
    expect((await sharp(small.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it('accepts a clean SVG and rasterises its variants', async () => {
    const svg = Buffer.from(CLEAN_SVG);
    const response = await uploadImage(t.app, owner.access_token, albumId, svg, {
      contentType: 'image/svg+xml',
      filename: 'logo.svg',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      meta: { content_type: 'image/svg+xml' },
      details: { width: 4000, height: 2000 },
    });
    const done = await waitForVariants(t.app, owner.access_token, response.json().id);
    expect(done.dimensions.small).toEqual({ width: 480, height: 240 });
    const small = await fetchFile(done.blob.small);
    expect(small.headers['content-type']).toBe('image/png');
    const original = await fetchFile(done.blob.original);
    expect(original.headers['content-type']).toBe('image/svg+xml');
    expect(original.headers['content-security-policy']).toContain('sandbox');
  });

  describe('refuses, by content and size, with codes the web translates', () => {
    it('refuses a text file named photo.png (wrong magic bytes) and deletes it', async () => {
      const bytes = Buffer.from(
        'this is not an image at all, just words pretending to be a png file. '.repeat(4),
      );
      const response = await uploadImage(t.app, owner.access_token, albumId, bytes, {
        contentType: 'image/png',
        filename: 'photo.png',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({
        code: 'IMAGE_TYPE_NOT_ALLOWED',
        details: { codes: ['IMAGE_TYPE_NOT_ALLOWED'] },
      });
    });

    it('refuses an empty file before anything is uploaded', async () => {
      const response = await declare(t.app, owner.access_token, Buffer.alloc(0));
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.codes).toEqual(['IMAGE_TOO_SMALL']);
    });

    it('refuses 17 MB before anything is uploaded', async () => {
      const response = await declare(t.app, owner.access_token, Buffer.alloc(1), {
        byte_size: 17 * 1024 * 1024,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.codes).toEqual(['IMAGE_TOO_LARGE']);
    });

    it('joins several problems of one file (size and type) in one answer', async () => {
      const response = await declare(t.app, owner.access_token, Buffer.alloc(1), {
        byte_size: 17 * 1024 * 1024,
        content_type: 'application/pdf',
      });
      expect(response.json().error.details.codes).toEqual(['IMAGE_TOO_LARGE', 'IMAGE_TYPE_NOT_ALLOWED']);
    });

    it('refuses bytes that are more than or differ from what was declared', async () => {
      const bytes = await photo(200, 200);
      const upload = (await declare(t.app, owner.access_token, bytes)).json() as Uploaded;
      const longer = await putLocal(t.app, upload, Buffer.concat([bytes, Buffer.alloc(10)]));
      expect(longer.statusCode).toBe(422);
      expect(longer.json().error.code).toBe('UPLOAD_SIZE_MISMATCH');
      const tampered = Buffer.from(bytes);
      tampered[tampered.length - 10] ^= 0xff;
      const wrong = await putLocal(t.app, upload, tampered);
      expect(wrong.json().error.code).toBe('UPLOAD_CHECKSUM_MISMATCH');
      // Nothing was stored: the record cannot be created from it.
      const create = await createImage(t.app, owner.access_token, albumId, upload.blob_id);
      expect(create.json().error.code).toBe('UPLOAD_INCOMPLETE');
    });

    it('refuses an upload URL whose signature was tampered with', async () => {
      const bytes = await photo(100, 100);
      const upload = (await declare(t.app, owner.access_token, bytes)).json() as Uploaded;
      const response = await putLocal(
        t.app,
        {
          ...upload,
          upload_url: upload.upload_url.replace(
            /sig=(.)/,
            (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`,
          ),
        },
        bytes,
      );
      expect(response.statusCode).toBe(403);
    });

    it('refuses an upload URL whose signed size or MD5 was changed to fit other bytes', async () => {
      const bytes = await photo(100, 100);
      const other = await photo(120, 90);
      const upload = (await declare(t.app, owner.access_token, bytes)).json() as Uploaded;
      const url = new URL(upload.upload_url, 'http://localhost');
      url.searchParams.set('n', String(other.length));
      url.searchParams.set('md5', md5Base64(other));
      const response = await putLocal(
        t.app,
        { ...upload, upload_url: url.pathname + url.search, headers: {} },
        other,
      );
      expect(response.statusCode).toBe(403);
      expect((await createImage(t.app, owner.access_token, albumId, upload.blob_id)).json().error.code).toBe(
        'UPLOAD_INCOMPLETE',
      );
    });

    it('answers a second upload of the same file with 409 and keeps the first', async () => {
      const bytes = await photo(100, 100);
      const upload = (await declare(t.app, owner.access_token, bytes)).json() as Uploaded;
      expect((await putLocal(t.app, upload, bytes)).statusCode).toBe(200);
      expect(existsSync(join(t.app.ctx.config.dataDir, 'blobs', blobStorageKey(upload.blob_id)))).toBe(true);
      const again = await putLocal(t.app, upload, bytes);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('UPLOAD_COMPLETE');
      expect((await createImage(t.app, owner.access_token, albumId, upload.blob_id)).statusCode).toBe(201);
    });

    it('leaves no file behind for an upload whose record was deleted meanwhile', async () => {
      const bytes = await photo(100, 100);
      const upload = (await declare(t.app, owner.access_token, bytes)).json() as Uploaded;
      await t.app.ctx.database.db.delete(blobs).where(eq(blobs.id, upload.blob_id));
      const response = await putLocal(t.app, upload, bytes);
      expect(response.statusCode).toBe(404);
      expect(existsSync(join(t.app.ctx.config.dataDir, 'blobs', blobStorageKey(upload.blob_id)))).toBe(false);
    });

    it('refuses a 40 MP PNG bomb from its header, without decoding it', async () => {
      const bomb = bombPng();
      const rssBefore = process.memoryUsage().rss;
      const response = await uploadImage(t.app, owner.access_token, albumId, bomb, {
        contentType: 'image/png',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.codes).toEqual(['IMAGE_TOO_MANY_PIXELS']);
      // Decoding would need 120 MB for the pixels alone.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(60 * 1024 * 1024);
    });

    it('refuses an SVG with a script, an event handler or an outside reference', async () => {
      const unsafe = [
        SCRIPT_SVG,
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><a href="&#106;avascript:alert(1)"><rect width="10" height="10"/></a></svg>',
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>@import url(https://evil.example/x.css);</style></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><foreignObject><iframe src="https://evil.example"/></foreignObject></svg>',
      ];
      for (const source of unsafe) {
        const response = await uploadImage(
          t.app,
          owner.access_token,
          albumId,
          Buffer.from(source.padEnd(200, ' ')),
          {
            contentType: 'image/svg+xml',
            filename: 'logo.svg',
          },
        );
        expect(response.statusCode, source).toBe(422);
        expect(response.json().error.code, source).toBe('SVG_UNSAFE');
      }
    });

    it('refuses an SVG as a sticker photo', async () => {
      const response = await uploadImage(t.app, owner.access_token, albumId, Buffer.from(CLEAN_SVG), {
        contentType: 'image/svg+xml',
        model: 'sticker',
      });
      expect(response.json().error.details.codes).toEqual(['IMAGE_TYPE_NOT_ALLOWED']);
    });

    it('refuses a 16th file in one batch, and hands out upload URLs for 15', async () => {
      const bytes = await photo(100, 100);
      const file = {
        filename: 'a.jpg',
        byte_size: bytes.length,
        checksum: md5Base64(bytes),
        content_type: 'image/jpeg',
      };
      const sixteen = await t.app.inject({
        method: 'POST',
        url: '/api/v1/direct_uploads/batch',
        headers: bearer(owner.access_token),
        payload: { files: Array.from({ length: 16 }, () => file) },
      });
      expect(sixteen.statusCode).toBe(422);
      expect(sixteen.json().error.code).toBe('TOO_MANY_FILES');
      const fifteen = await t.app.inject({
        method: 'POST',
        url: '/api/v1/direct_uploads/batch',
        headers: bearer(owner.access_token),
        payload: { files: [...Array.from({ length: 14 }, () => file), { ...file, byte_size: 0 }] },
      });
      expect(fifteen.statusCode).toBe(201);
      const uploads = fifteen.json().uploads;
      expect(uploads).toHaveLength(15);
      expect(uploads.filter((u: { blob_id?: string }) => u.blob_id)).toHaveLength(14);
      expect(uploads[14]).toEqual({ error: { code: 'IMAGE_TOO_SMALL', codes: ['IMAGE_TOO_SMALL'] } });
    });

    it('does not let one upload back two records', async () => {
      const bytes = await photo(120, 80);
      const upload = (await declare(t.app, owner.access_token, bytes)).json() as Uploaded;
      await putLocal(t.app, upload, bytes);
      expect((await createImage(t.app, owner.access_token, albumId, upload.blob_id)).statusCode).toBe(201);
      const again = await createImage(t.app, owner.access_token, albumId, upload.blob_id);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('BLOB_IN_USE');
    });
  });

  describe('faces', () => {
    it('finds the face on a real portrait as fractions of the image', async () => {
      const { jpeg, faceCentre } = await portrait();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/images/face_detection',
        headers: bearer(owner.access_token),
        payload: { base64_image: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
      });
      expect(response.statusCode).toBe(200);
      const { face } = response.json();
      expect(face.x + face.width / 2).toBeCloseTo(faceCentre.x, 1);
      expect(face.y + face.height / 2).toBeCloseTo(faceCentre.y, 1);
      expect(face.width).toBeGreaterThan(0.3);
      expect(face.width).toBeLessThan(0.7);
    }, 30_000);

    it('picks the largest of several faces', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/images/face_detection',
        headers: bearer(owner.access_token),
        payload: { base64_image: faceApiSample(5).toString('base64') },
      });
      const { face } = response.json();
      // sample5: five people; the largest face is the woman bottom-left (centre about 0.23, 0.75).
      expect(face.x + face.width / 2).toBeCloseTo(0.23, 1);
      expect(face.y + face.height / 2).toBeCloseTo(0.75, 1);
    }, 30_000);

    it('answers face null when there is no face', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/images/face_detection',
        headers: bearer(owner.access_token),
        payload: { base64_image: (await photo(300, 300)).toString('base64') },
      });
      expect(response.json()).toEqual({ face: null });
    });

    it('fills the face box of a sticker photo uploaded without one', async () => {
      const { jpeg, faceCentre } = await portrait();
      const response = await uploadImage(t.app, owner.access_token, albumId, jpeg, { model: 'sticker' });
      expect(response.statusCode).toBe(201);
      const done = await waitForVariants(t.app, owner.access_token, response.json().id);
      expect(done.details.face.x + done.details.face.width / 2).toBeCloseTo(faceCentre.x, 1);
    }, 30_000);

    it('keeps the face box the client found', async () => {
      const bytes = await photo(400, 500);
      const upload = (await declare(t.app, owner.access_token, bytes)).json() as Uploaded;
      await putLocal(t.app, upload, bytes);
      const face = { x: 0.25, y: 0.1, width: 0.5, height: 0.4 };
      const response = await createImage(t.app, owner.access_token, albumId, upload.blob_id, 'sticker', {
        face,
      });
      expect(response.json().details.face).toEqual(face);
      const done = await waitForVariants(t.app, owner.access_token, response.json().id);
      expect(done.details.face).toEqual(face);
    });
  });

  describe('who may see and change an image', () => {
    let imageId: string;
    let smallUrl: string;
    beforeAll(async () => {
      const response = await uploadImage(t.app, owner.access_token, albumId, await photo(640, 480));
      imageId = response.json().id;
      smallUrl = (await waitForVariants(t.app, owner.access_token, imageId)).blob.small;
    });

    it('does not show another user the image, the album list or its files', async () => {
      const get = await t.app.inject({
        method: 'GET',
        url: `/api/v1/images/${imageId}`,
        headers: bearer(stranger.access_token),
      });
      expect(get.statusCode).toBe(404);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/albums/${albumId}/images`,
        headers: bearer(stranger.access_token),
      });
      expect(list.statusCode).toBe(404);
      // A guessed file URL (the real path, no valid signature) is a 404 too.
      expect((await fetchFile(smallUrl.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(404);
      expect(
        (await fetchFile(smallUrl.split('?')[0] + '?ct=image/jpeg&exp=9999999999&sig=x')).statusCode,
      ).toBe(404);
    });

    it('does not let another user change, delete or attach to the image or album', async () => {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/images/${imageId}`,
        headers: bearer(stranger.access_token),
        payload: { model: 'sticker' },
      });
      expect(patch.statusCode).toBe(404);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/images/${imageId}`,
        headers: bearer(stranger.access_token),
      });
      expect(del.statusCode).toBe(404);
      // Their own upload into our album: 404 for the album.
      const bytes = await photo(100, 100);
      const upload = (await declare(t.app, stranger.access_token, bytes)).json() as Uploaded;
      await putLocal(t.app, upload, bytes);
      expect((await createImage(t.app, stranger.access_token, albumId, upload.blob_id)).statusCode).toBe(404);
      // Our album with their upload: 404 for the upload.
      expect((await createImage(t.app, owner.access_token, albumId, upload.blob_id)).statusCode).toBe(404);
      const still = await t.app.inject({
        method: 'GET',
        url: `/api/v1/images/${imageId}`,
        headers: bearer(owner.access_token),
      });
      expect(still.json().model).toBe('image');
    });

    it('lets the owner list, re-model and delete it, and deleting removes the files', async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/albums/${albumId}/images`,
        headers: bearer(owner.access_token),
      });
      expect(list.json().images.map((image: { id: string }) => image.id)).toContain(imageId);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/images/${imageId}`,
        headers: bearer(owner.access_token),
        payload: { model: 'sticker' },
      });
      expect(patch.json().model).toBe('sticker');
      await waitForVariants(t.app, owner.access_token, imageId);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/images/${imageId}`,
        headers: bearer(owner.access_token),
      });
      expect(del.statusCode).toBe(204);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/images/${imageId}`,
            headers: bearer(owner.access_token),
          })
        ).statusCode,
      ).toBe(404);
      // The files follow in the file cleanup job.
      await expect
        .poll(async () => (await fetchFile(smallUrl)).statusCode, { timeout: 30_000, interval: 200 })
        .toBe(404);
    });
  });
});
