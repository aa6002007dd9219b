import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  bearer,
  createAlbum,
  createGuest,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import { pngImage, portrait } from './fixtures/images/upload-client.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from './helpers/sticker-link.ts';

async function patchAlbum(app: FastifyInstance, token: string, id: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: `/api/v1/albums/${id}`, headers: bearer(token), payload });
}

describe.each(DATABASE_KINDS)('sticker link on %s', (kind) => {
  let t: TestApp;
  let jobs: JobQueue;
  let dataDir: string;
  let owner: { access_token: string };
  let stranger: { access_token: string };
  let album: Awaited<ReturnType<typeof albumWithLink>>['album'];
  let linkToken: string;
  let sectionId: string;
  let photo: Buffer;
  let faceCentre: { x: number; y: number };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-sticker-link-'));
    t = await startTestApp(kind, {
      dataDir,
      stickerLink: { submissionsPerIpPerHour: 4, submissionsPerLinkPerHour: 1000, mailBatchSeconds: 1 },
    });
    // The face of a submitted photo is found by the image job after the contributor has been answered.
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    ({ album, linkToken, sectionId } = await albumWithLink(t.app, owner.access_token, {
      stickerUploadContent: 'Send us your best smile!',
    }));
    ({ jpeg: photo, faceCentre } = await portrait());
  }, 60_000);
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('switching the link on gives the album an unguessable /s/ path that stays the same', async () => {
    expect(album.stickerUploadsPath).toMatch(/^\/s\/[A-Za-z0-9_-]{24}$/);
    const again = await patchAlbum(t.app, owner.access_token, album.id, {
      stickerUploadRequirePosition: false,
    });
    expect(again.json().stickerUploadsPath).toBe(album.stickerUploadsPath);
  });

  it('a guest cannot change sticker link settings', async () => {
    const guest = await createGuest(t.app);
    const own = await createAlbum(t.app, guest.access_token);
    const response = await patchAlbum(t.app, guest.access_token, own.id, { stickerUploadEnabled: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('LOGIN_REQUIRED');
    const after = await t.app.inject({
      url: `/api/v1/albums/${own.id}`,
      headers: bearer(guest.access_token),
    });
    expect(after.json().stickerUploadEnabled).toBe(false);
    expect(after.json().stickerUploadsPath).toBeNull();
  });

  it('the public link shows title, message and sections, nothing else of the album', async () => {
    const response = await t.app.inject({ url: `/api/v1/public/sticker_uploads/${linkToken}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      'content',
      'require_position',
      'sections',
      'title',
      'white_label',
    ]);
    expect(body.content).toBe('Send us your best smile!');
    expect(body.sections.map((s: { id: string }) => s.id)).toContain(sectionId);
  });

  it('an unknown token is unavailable', async () => {
    const response = await t.app.inject({ url: '/api/v1/public/sticker_uploads/not-a-real-token-at-all' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('STICKER_LINK_UNAVAILABLE');
  });

  it('a contributor sends a portrait; the owner sees it and its face', async () => {
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    const response = await submitToLink(t.app, linkToken, {
      name: 'Anna',
      last_name: 'Berg',
      position: 'Goalkeeper',
      section_id: sectionId,
      blob_id: blobId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Anna', last_name: 'Berg', section_id: sectionId });

    let list: Array<{ name: string; details: { face?: { x: number; y: number; width: number } | null } }> =
      [];
    for (let i = 0; i < 100; i++) {
      list = (
        await t.app.inject({
          url: `/api/v1/albums/${album.id}/sticker_uploads`,
          headers: bearer(owner.access_token),
        })
      ).json().sticker_uploads;
      if (list[0]?.details.face !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(list).toHaveLength(1);
    const face = list[0].details.face!;
    expect(face.x + face.width / 2).toBeCloseTo(faceCentre.x, 1);
  }, 30_000);

  it('merging makes an unplaced sticker in the chosen section, centred on the face', async () => {
    const list = (
      await t.app.inject({
        url: `/api/v1/albums/${album.id}/sticker_uploads`,
        headers: bearer(owner.access_token),
      })
    ).json().sticker_uploads as Array<{ id: string; image: { id: string } }>;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${album.id}/sticker_uploads/merge`,
      headers: bearer(owner.access_token),
      payload: { sticker_upload_ids: [list[0].id] },
    });
    expect(response.statusCode).toBe(200);
    const merged = response.json();
    expect(merged.merged_at).toBeTruthy();
    const stickerId = merged.sticker_uploads[0].sticker_id as string;

    const albumNow = (
      await t.app.inject({ url: `/api/v1/albums/${album.id}`, headers: bearer(owner.access_token) })
    ).json();
    const sticker = albumNow.workspace.stickers[stickerId];
    expect(sticker).toMatchObject({
      name: 'Anna Berg',
      position: 'Goalkeeper',
      sectionId,
      image: list[0].image.id,
      // SPEC §3 stickerUpload: which upload it was merged from.
      stickerUpload: list[0].id,
    });
    expect(sticker.cx).toBeCloseTo(faceCentre.x, 1);
    expect(sticker.cscale).toBeGreaterThanOrEqual(1);
    const placed = Object.values(
      albumNow.workspace.nodes as Record<string, { props: { stickerId?: string } }>,
    ).some((node) => node.props.stickerId === stickerId);
    expect(placed).toBe(false);
    expect(albumNow.version).toBeGreaterThan(0);

    // A second merge of the same upload changes nothing.
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${album.id}/sticker_uploads/merge`,
      headers: bearer(owner.access_token),
      payload: { sticker_upload_ids: [list[0].id] },
    });
    expect(again.json().sticker_uploads).toHaveLength(0);
  });

  it("'I don't know' lands the sticker in the first non-static section", async () => {
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    const sent = await submitToLink(
      t.app,
      linkToken,
      { name: 'Ben', section_id: null, blob_id: blobId },
      { ip: '10.0.0.2' },
    );
    expect(sent.statusCode).toBe(201);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${album.id}/sticker_uploads/merge`,
      headers: bearer(owner.access_token),
      payload: { sticker_upload_ids: [sent.json().id] },
    });
    const stickerId = response.json().sticker_uploads[0].sticker_id;
    const albumNow = (
      await t.app.inject({ url: `/api/v1/albums/${album.id}`, headers: bearer(owner.access_token) })
    ).json();
    expect(albumNow.workspace.stickers[stickerId].sectionId).toBe(sectionId);
  });

  it('a submission without a name is refused', async () => {
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    const response = await submitToLink(
      t.app,
      linkToken,
      { name: '  ', blob_id: blobId },
      { ip: '10.0.0.3' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0].field).toBe('sticker_upload.name');
  });

  it('a submission to a section the album does not have is refused', async () => {
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    const response = await submitToLink(
      t.app,
      linkToken,
      { name: 'Cleo', section_id: 'nope', blob_id: blobId },
      { ip: '10.0.0.3' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('UNKNOWN_SECTION');
  });

  it('a position is required when the link asks for one', async () => {
    await patchAlbum(t.app, owner.access_token, album.id, { stickerUploadRequirePosition: true });
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    const response = await submitToLink(
      t.app,
      linkToken,
      { name: 'Dora', blob_id: blobId },
      { ip: '10.0.0.3' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('POSITION_REQUIRED');
    await patchAlbum(t.app, owner.access_token, album.id, { stickerUploadRequirePosition: false });
  });

  it('a file that is not a png or jpeg is refused, declared or by content', async () => {
    const declared = await uploadLinkPhoto(
      t.app,
      linkToken,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'.repeat(20)),
      'image/svg+xml',
    );
    expect(declared.declared.statusCode).toBe(422);
    // Declared as a JPEG, but the bytes are text.
    const { blobId } = await uploadLinkPhoto(
      t.app,
      linkToken,
      Buffer.from('not an image at all '.repeat(200)),
    );
    const response = await submitToLink(
      t.app,
      linkToken,
      { name: 'Emil', blob_id: blobId },
      { ip: '10.0.0.4' },
    );
    expect(response.statusCode).toBe(422);
    const png = await uploadLinkPhoto(t.app, linkToken, await pngImage(400, 400), 'image/png');
    expect(
      (await submitToLink(t.app, linkToken, { name: 'Finn', blob_id: png.blobId }, { ip: '10.0.0.4' }))
        .statusCode,
    ).toBe(201);
  });

  it('one IP may send only so many photos an hour', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
      codes.push(
        (await submitToLink(t.app, linkToken, { name: `Gus ${i}`, blob_id: blobId }, { ip: '10.0.0.9' }))
          .statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 201, 201, 429]);
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    const limited = await submitToLink(
      t.app,
      linkToken,
      { name: 'Gus', blob_id: blobId },
      { ip: '10.0.0.9' },
    );
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  }, 30_000);

  it('a contributor sees only their own uploads, and nothing without their session', async () => {
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    const sent = await submitToLink(t.app, linkToken, { name: 'Ivo', blob_id: blobId }, { ip: '10.0.0.6' });
    expect(sent.statusCode).toBe(201);
    const own = await t.app.inject({
      url: `/api/v1/public/sticker_uploads/${linkToken}/mine`,
      headers: bearer(sent.json().session_token),
    });
    expect(own.json().sticker_uploads.map((upload: { name: string }) => upload.name)).toEqual(['Ivo']);
    const none = await t.app.inject({ url: `/api/v1/public/sticker_uploads/${linkToken}/mine` });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('CONTRIBUTOR_SESSION_MISSING');
  });

  it('another user gets 404 on every owner route', async () => {
    const list = (
      await t.app.inject({
        url: `/api/v1/albums/${album.id}/sticker_uploads`,
        headers: bearer(owner.access_token),
      })
    ).json().sticker_uploads as Array<{ id: string }>;
    const target = list[0].id;
    const responses = await Promise.all([
      t.app.inject({
        url: `/api/v1/albums/${album.id}/sticker_uploads`,
        headers: bearer(stranger.access_token),
      }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/albums/${album.id}/sticker_uploads/merge`,
        headers: bearer(stranger.access_token),
        payload: { sticker_upload_ids: [target] },
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/sticker_uploads/${target}`,
        headers: bearer(stranger.access_token),
      }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    const still = (
      await t.app.inject({
        url: `/api/v1/albums/${album.id}/sticker_uploads`,
        headers: bearer(owner.access_token),
      })
    ).json().sticker_uploads;
    expect(still).toHaveLength(list.length);
  });

  it('the owner deletes an upload', async () => {
    const list = (
      await t.app.inject({
        url: `/api/v1/albums/${album.id}/sticker_uploads`,
        headers: bearer(owner.access_token),
      })
    ).json().sticker_uploads as Array<{ id: string }>;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sticker_uploads/${list[0].id}`,
      headers: bearer(owner.access_token),
    });
    expect(response.statusCode).toBe(204);
    const after = (
      await t.app.inject({
        url: `/api/v1/albums/${album.id}/sticker_uploads`,
        headers: bearer(owner.access_token),
      })
    ).json().sticker_uploads;
    expect(after).toHaveLength(list.length - 1);
  });

  it('an inactive link is unavailable and accepts nothing', async () => {
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, photo);
    await patchAlbum(t.app, owner.access_token, album.id, { stickerUploadEnabled: false });
    const read = await t.app.inject({ url: `/api/v1/public/sticker_uploads/${linkToken}` });
    expect(read.statusCode).toBe(404);
    expect(read.json().error.code).toBe('STICKER_LINK_UNAVAILABLE');
    const sent = await submitToLink(t.app, linkToken, { name: 'Hana', blob_id: blobId }, { ip: '10.0.0.5' });
    expect(sent.statusCode).toBe(404);
    expect(sent.json().error.code).toBe('STICKER_LINK_UNAVAILABLE');
    const declared = await uploadLinkPhoto(t.app, linkToken, photo);
    expect(declared.declared.statusCode).toBe(404);
  });
});
