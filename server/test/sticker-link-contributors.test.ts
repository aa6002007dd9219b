/**
 * Sticker link, contributor side beyond the first submission (issue 8): the contributor session that lets a browser
 * see and replace what it sent, the public face check, and the link on a custom domain.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContributorSessions } from '../src/sticker-link/sessions.ts';
import { bombPng, pngImage, portrait } from './fixtures/images/upload-client.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from './helpers/sticker-link.ts';
import { bearer, DATABASE_KINDS, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

interface OwnUpload {
  id: string;
  name: string;
  last_name: string;
  position: string;
  section_id: string | null;
  merged: boolean;
  photo_url: string | null;
}

describe.each(DATABASE_KINDS)('sticker link contributors on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let owner: { access_token: string };
  let albumId: string;
  let linkToken: string;
  let sectionId: string;
  let photo: Buffer;
  let faceCentre: { x: number; y: number };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-sticker-contributors-'));
    t = await startTestApp(kind, {
      dataDir,
      stickerLink: { submissionsPerIpPerHour: 20, submissionsPerLinkPerHour: 1000, mailBatchSeconds: 900 },
    });
    owner = await signUp(t.app);
    ({
      album: { id: albumId },
      linkToken,
      sectionId,
    } = await albumWithLink(t.app, owner.access_token));
    ({ jpeg: photo, faceCentre } = await portrait());
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const mine = (session?: string) =>
    t.app.inject({
      url: `/api/v1/public/sticker_uploads/${linkToken}/mine`,
      headers: session ? bearer(session) : {},
    });
  const replace = (id: string, session: string | undefined, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/public/sticker_uploads/${linkToken}/uploads/${id}`,
      remoteAddress: '10.1.0.1',
      headers: session ? bearer(session) : {},
      payload: { sticker_upload: body },
    });
  const ownerList = async () =>
    (
      await t.app.inject({
        url: `/api/v1/albums/${albumId}/sticker_uploads`,
        headers: bearer(owner.access_token),
      })
    ).json().sticker_uploads as Array<{
      id: string;
      name: string;
      position: string;
      image: { id: string; blob: { original: string } } | null;
    }>;

  /** Sends a portrait as a new contributor; their upload and session token. */
  async function contribute(name: string, session?: string) {
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    const response = await submitToLink(
      t.app,
      linkToken,
      { name, section_id: sectionId, blob_id: blobId },
      { session },
    );
    expect(response.statusCode).toBe(201);
    const body = response.json() as OwnUpload & { session_token: string };
    return { upload: body, session: body.session_token };
  }

  describe('session', () => {
    it('the first submission starts a session that sees exactly what it sent, with its photo', async () => {
      const first = await contribute('Ida');
      const second = await contribute('Ida again', first.session);
      await contribute('Someone else');

      const response = await mine(second.session);
      expect(response.statusCode).toBe(200);
      const own = response.json().sticker_uploads as OwnUpload[];
      expect(own.map((upload) => upload.name).sort()).toEqual(['Ida', 'Ida again']);
      expect(own[0].merged).toBe(false);
      // The contributor's own photo, and nothing of anyone else's.
      const picture = await t.app.inject({ url: own[0].photo_url! });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toMatch(/^image\//);
      expect(JSON.stringify(own)).not.toContain('Someone else');
    });

    it('without a session, or with a tampered or expired one, nothing is shown and the error says why', async () => {
      const { session } = await contribute('Jon');
      const missing = await mine();
      expect(missing.statusCode).toBe(401);
      expect(missing.json().error.code).toBe('CONTRIBUTOR_SESSION_MISSING');

      const [header, payload, signature] = session.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-elses-session' })).toString(
        'base64url',
      );
      const tampered = await mine(`${header}.${forged}.${signature}`);
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json().error.code).toBe('CONTRIBUTOR_SESSION_INVALID');

      const sessions = new ContributorSessions(t.config.jwtSecret!);
      const expired = await mine(await sessions.issue(albumId, claims.sub, -60));
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('CONTRIBUTOR_SESSION_EXPIRED');

      // A user's access token is no contributor session.
      const accessToken = await mine(owner.access_token);
      expect(accessToken.json().error.code).toBe('CONTRIBUTOR_SESSION_INVALID');
    });

    it("a session of another album's link is not valid here", async () => {
      const other = await albumWithLink(t.app, owner.access_token);
      const { blobId } = await uploadLinkPhoto(t.app, other.linkToken, photo);
      const sent = await submitToLink(t.app, other.linkToken, { name: 'Kai', blob_id: blobId });
      const response = await mine(sent.json().session_token);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('CONTRIBUTOR_SESSION_INVALID');
    });
  });

  describe('replace', () => {
    it('the contributor replaces the photo and the fields of their upload; the owner sees the new one', async () => {
      const { upload, session } = await contribute('Lea');
      const before = (await ownerList()).find((row) => row.id === upload.id)!;
      const imageOf = (id: string) =>
        t.app.inject({ url: `/api/v1/images/${id}`, headers: bearer(owner.access_token) });
      expect((await imageOf(before.image!.id)).statusCode).toBe(200);

      const { blobId } = await uploadLinkPhoto(t.app, linkToken, await pngImage(500, 600), 'image/png');
      const response = await replace(upload.id, session, {
        name: 'Lea',
        last_name: 'Sommer',
        position: 'Striker',
        section_id: null,
        blob_id: blobId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: upload.id, last_name: 'Sommer', section_id: null });

      const after = (await ownerList()).find((row) => row.id === upload.id)!;
      expect(after).toMatchObject({ name: 'Lea', position: 'Striker' });
      expect(after.image!.id).not.toBe(before.image!.id);
      // The replaced photo is gone (its files follow through the cleanup job).
      expect((await imageOf(before.image!.id)).statusCode).toBe(404);
    });

    it('only the fields change when no new photo comes', async () => {
      const { upload, session } = await contribute('Mia');
      const imageBefore = (await ownerList()).find((row) => row.id === upload.id)!.image!.id;
      const response = await replace(upload.id, session, { name: 'Mia Rose' });
      expect(response.statusCode).toBe(200);
      const after = (await ownerList()).find((row) => row.id === upload.id)!;
      expect(after.name).toBe('Mia Rose');
      expect(after.image!.id).toBe(imageBefore);
    });

    it("another contributor cannot touch someone else's upload", async () => {
      const victim = await contribute('Nora');
      const intruder = await contribute('Oskar');
      const response = await replace(victim.upload.id, intruder.session, { name: 'Hacked' });
      expect(response.statusCode).toBe(404);
      expect((await ownerList()).find((row) => row.id === victim.upload.id)!.name).toBe('Nora');
    });

    it('a tampered or expired session changes nothing and says why', async () => {
      const { upload, session } = await contribute('Paul');
      const tampered = await replace(upload.id, `${session.slice(0, -4)}AAAA`, { name: 'Changed' });
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json().error.code).toBe('CONTRIBUTOR_SESSION_INVALID');
      const sessionId = JSON.parse(Buffer.from(session.split('.')[1], 'base64url').toString()).sub;
      const expiredToken = await new ContributorSessions(t.config.jwtSecret!).issue(albumId, sessionId, -1);
      const expired = await replace(upload.id, expiredToken, { name: 'Changed' });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('CONTRIBUTOR_SESSION_EXPIRED');
      expect((await ownerList()).find((row) => row.id === upload.id)!.name).toBe('Paul');
    });

    it('after the owner merged it, the upload can no longer be replaced', async () => {
      const { upload, session } = await contribute('Quinn');
      const merged = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/albums/${albumId}/sticker_uploads/merge`,
        headers: bearer(owner.access_token),
        payload: { sticker_upload_ids: [upload.id] },
      });
      expect(merged.statusCode).toBe(200);
      const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
      const response = await replace(upload.id, session, { name: 'Quinn', blob_id: blobId });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('STICKER_UPLOAD_MERGED');
      const own = (await mine(session)).json().sticker_uploads as OwnUpload[];
      expect(own.find((row) => row.id === upload.id)!.merged).toBe(true);
    });

    it('a bad new photo is refused and the upload keeps its old one', async () => {
      const { upload, session } = await contribute('Rita');
      const imageBefore = (await ownerList()).find((row) => row.id === upload.id)!.image!.id;

      // Wrong file type: declared as a GIF, or a JPEG by name whose bytes are text.
      const gif = await uploadLinkPhoto(t.app, linkToken, Buffer.alloc(2000, 1), 'image/gif');
      expect(gif.declared.statusCode).toBe(422);
      const text = await uploadLinkPhoto(t.app, linkToken, Buffer.from('no image here '.repeat(300)));
      const wrongType = await replace(upload.id, session, { name: 'Rita', blob_id: text.blobId });
      expect(wrongType.statusCode).toBe(422);
      expect(wrongType.json().error.code).toBe('IMAGE_TYPE_NOT_ALLOWED');
      // An empty file is refused when it is declared.
      const empty = await uploadLinkPhoto(t.app, linkToken, Buffer.alloc(0));
      expect(empty.declared.statusCode).toBe(422);
      expect((empty.declared.json() as { error: { code: string } }).error.code).toBe('IMAGE_TOO_SMALL');
      // 40 megapixels: refused from the header, before anything decodes it.
      const bomb = await uploadLinkPhoto(t.app, linkToken, bombPng(), 'image/png');
      const tooLarge = await replace(upload.id, session, { name: 'Rita', blob_id: bomb.blobId });
      expect(tooLarge.statusCode).toBe(422);
      expect(tooLarge.json().error.code).toBe('IMAGE_TOO_MANY_PIXELS');
      // Someone else's blob id (an editor upload or another link's) is as good as none.
      const unknown = await replace(upload.id, session, { name: 'Rita', blob_id: 'not-a-blob-of-this-link' });
      expect(unknown.statusCode).toBe(404);

      expect((await ownerList()).find((row) => row.id === upload.id)!.image!.id).toBe(imageBefore);
    });

    it('a new submission with a 40-megapixel photo is refused too', async () => {
      const bomb = await uploadLinkPhoto(t.app, linkToken, bombPng(), 'image/png');
      const response = await submitToLink(t.app, linkToken, { name: 'Sam', blob_id: bomb.blobId });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    });
  });

  describe('face check', () => {
    const check = (body: unknown, ip = '10.2.0.1', token = linkToken) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/public/sticker_uploads/${token}/face_detection`,
        remoteAddress: ip,
        payload: body as Record<string, unknown>,
      });

    it('finds the face in a portrait without a login, and none in a photo without a person', async () => {
      const found = await check({ base64_image: `data:image/jpeg;base64,${photo.toString('base64')}` });
      expect(found.statusCode).toBe(200);
      const { face } = found.json();
      expect(face.x + face.width / 2).toBeCloseTo(faceCentre.x, 1);

      const landscape = await pngImage(640, 480);
      const none = await check({ base64_image: landscape.toString('base64') });
      expect(none.statusCode).toBe(200);
      expect(none.json().face).toBeNull();
    }, 30_000);

    it('refuses what is not a png or jpeg, and 40-megapixel images', async () => {
      const text = await check({ base64_image: Buffer.from('hello world, no image').toString('base64') });
      expect(text.statusCode).toBe(422);
      expect(text.json().error.code).toBe('IMAGE_TYPE_NOT_ALLOWED');
      const bomb = await check({ base64_image: bombPng().toString('base64') });
      expect(bomb.statusCode).toBe(422);
      expect(bomb.json().error.code).toBe('IMAGE_TOO_MANY_PIXELS');
      const notBase64 = await check({ base64_image: '%%%' });
      expect(notBase64.statusCode).toBe(400);
    });

    it('works only on an active link, and only so often per hour from one address', async () => {
      const unknown = await check(
        { base64_image: photo.toString('base64') },
        '10.2.0.2',
        'no-such-link-token',
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('STICKER_LINK_UNAVAILABLE');

      const small = (await pngImage(64, 64)).toString('base64');
      const codes: number[] = [];
      // 2 × 20 submissions per hour in this suite.
      for (let i = 0; i < 41; i++) codes.push((await check({ base64_image: small }, '10.2.0.3')).statusCode);
      expect(codes.slice(0, 40).every((code) => code === 200)).toBe(true);
      expect(codes[40]).toBe(429);
      // Another address is not affected.
      expect((await check({ base64_image: small }, '10.2.0.4')).statusCode).toBe(200);
    }, 60_000);
  });

  describe('custom domain', () => {
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/albums/${albumId}`,
        headers: bearer(owner.access_token),
        payload,
      });

    it('is stored as a plain host name; anything else is refused', async () => {
      const saved = await patch({ stickerUploadCustomDomain: 'Stickers.Example.org.' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().stickerUploadCustomDomain).toBe('stickers.example.org');
      for (const bad of ['localhost', '-bad.example.org', 'a..b.org', '10.0.0.1']) {
        const refused = await patch({ stickerUploadCustomDomain: bad });
        expect(refused.statusCode, bad).toBe(422);
        expect(refused.json().error.code).toBe('INVALID_CUSTOM_DOMAIN');
      }
      expect((await patch({ stickerUploadCustomDomain: null })).json().stickerUploadCustomDomain).toBeNull();
    });

    it('the server answers the /s/ page and the link on that host', async () => {
      await patch({ stickerUploadCustomDomain: 'stickers.example.org' });
      const page = await t.app.inject({ url: `/s/${linkToken}`, headers: { host: 'stickers.example.org' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const link = await t.app.inject({
        url: `/api/v1/public/sticker_uploads/${linkToken}`,
        headers: { host: 'stickers.example.org' },
      });
      expect(link.statusCode).toBe(200);
      expect(link.json().sections.map((s: { id: string }) => s.id)).toContain(sectionId);
    });
  });
});
