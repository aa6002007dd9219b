/**
 * The public album preview link (SPEC §2 /album/{albumId}/preview/{token}, §3 albumPreviewPath, §6 "preview-link
 * viewers view only", §7 GET /albums/{id}/preview, PATCH /albums/{id}/rotate_album_preview_url_token,
 * GET /public/album_previews/{token}).
 */
import { spreadsInOrder, type AlbumDocument } from '@stickerbook/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumMembers, albums, users } from '../src/db/schema.ts';
import { replaceAlbumDocument } from '../src/album-store/albums.ts';
import { photo, uploadImage } from './fixtures/images/upload-client.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from './helpers/sticker-link.ts';
import {
  bearer,
  createAlbum,
  createGuest,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';

interface PublicPreview {
  album: Record<string, unknown>;
  workspace: AlbumDocument;
  templates: Record<string, unknown>;
  images: Record<string, { width: number; height: number; urls: Record<string, string> }>;
  statistics: Record<string, number>;
}

describe.each(DATABASE_KINDS)('album preview link on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let collaborator: Session;
  let stranger: Session;
  let albumId: string;
  let placedImageId: string;
  let unplacedImageId: string;

  const call = (method: 'GET' | 'PATCH', url: string, token?: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {} });
  const tokenOf = (path: string) => path.split('/preview/')[1];
  const publicPreview = (token: string) => call('GET', `/public/album_previews/${token}`);

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signUp(t.app);
    collaborator = await signUp(t.app);
    stranger = await signUp(t.app);
    // An album with a running sticker link, so it has private things a preview must not show.
    const { album, linkToken, sectionId } = await albumWithLink(t.app, owner.access_token, {
      title: 'Sommerfest 2027',
      stickerUploadContent: 'Private message to contributors',
    });
    albumId = album.id;
    await t.database.db.insert(albumMembers).values({ albumId, userId: collaborator.user.sub });

    const { blobId } = await uploadLinkPhoto(t.app, linkToken, await photo(560, 700));
    const submitted = await submitToLink(t.app, linkToken, {
      name: 'Contributorina',
      last_name: 'Secretson',
      section_id: sectionId,
      blob_id: blobId,
    });
    expect(submitted.statusCode).toBe(201);

    const placed = await uploadImage(t.app, owner.access_token, albumId, await photo(900, 600), {
      filename: 'private-holiday.jpg',
    });
    const unplaced = await uploadImage(t.app, owner.access_token, albumId, await photo(600, 600), {
      filename: 'not-in-the-album.jpg',
    });
    expect(placed.statusCode).toBe(201);
    expect(unplaced.statusCode).toBe(201);
    placedImageId = placed.json().id;
    unplacedImageId = unplaced.json().id;

    // The document: a photo on the first inner spread, and a team comment on the cover.
    const doc = (await call('GET', `/albums/${albumId}`, owner.access_token)).json()
      .workspace as AlbumDocument;
    const [cover, inner] = spreadsInOrder(doc);
    await replaceAlbumDocument(t.database.db, albumId, {
      ...doc,
      nodes: {
        ...doc.nodes,
        'photo-1': {
          id: 'photo-1',
          type: 'Image',
          parentId: inner.id,
          index: 'zz',
          props: { x: 0, y: 0, width: 230, height: 297, image: placedImageId },
        },
        'comment-1': {
          id: 'comment-1',
          type: 'Comment',
          parentId: cover.id,
          index: 'zz',
          props: { x: 20, y: 20, width: 8, height: 8, content: 'Internal: ask the printer about gold foil' },
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives owner, collaborators and admins the preview path; strangers get 404, anonymous 401', async () => {
    const view = (await call('GET', `/albums/${albumId}`, owner.access_token)).json();
    expect(view.albumPreviewPath).toMatch(new RegExp(`^/album/${albumId}/preview/[0-9a-f]{64}$`));

    const ownPreview = await call('GET', `/albums/${albumId}/preview`, owner.access_token);
    expect(ownPreview.statusCode).toBe(200);
    expect(ownPreview.json().album_preview_path).toBe(view.albumPreviewPath);

    const byCollaborator = await call('GET', `/albums/${albumId}/preview`, collaborator.access_token);
    expect(byCollaborator.statusCode).toBe(200);
    expect(byCollaborator.json().album_preview_path).toBe(view.albumPreviewPath);
    expect((await call('GET', `/albums/${albumId}`, collaborator.access_token)).json().albumPreviewPath).toBe(
      view.albumPreviewPath,
    );

    const admin = await signUp(t.app);
    await t.database.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.user.sub));
    const adminToken = await t.app.ctx.tokens.sign({
      kind: 'user',
      id: admin.user.sub,
      email: admin.user.email,
      roles: ['admin'],
    });
    expect((await call('GET', `/albums/${albumId}/preview`, adminToken)).json().album_preview_path).toBe(
      view.albumPreviewPath,
    );

    for (const method of ['GET', 'PATCH'] as const) {
      const url =
        method === 'GET' ? `/albums/${albumId}/preview` : `/albums/${albumId}/rotate_album_preview_url_token`;
      const byStranger = await call(method, url, stranger.access_token);
      expect(byStranger.statusCode).toBe(404);
      expect(byStranger.json().error.code).toBe('NOT_FOUND');
      expect((await call(method, url)).statusCode).toBe(401);
    }
    // The stranger's attempt changed nothing.
    expect((await call('GET', `/albums/${albumId}`, owner.access_token)).json().albumPreviewPath).toBe(
      view.albumPreviewPath,
    );
  });

  it('shows anyone with the token the drawn album and nothing private', async () => {
    const path = (await call('GET', `/albums/${albumId}`, owner.access_token)).json().albumPreviewPath;
    const response = await publicPreview(tokenOf(path));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as PublicPreview;

    expect(Object.keys(body).sort()).toEqual(['album', 'images', 'statistics', 'templates', 'workspace']);
    expect(body.album).toEqual({
      id: albumId,
      title: 'Sommerfest 2027',
      releaseDate: null,
      language: expect.any(String),
      bookSpine: true,
    });
    // The document as drawn: the photo is there, the team's comment is not.
    expect(body.workspace.nodes['photo-1']?.props.image).toBe(placedImageId);
    expect(body.workspace.nodes['comment-1']).toBeUndefined();
    expect(Object.values(body.workspace.nodes).some((node) => node.type === 'Comment')).toBe(false);
    expect(Object.keys(body.templates).length).toBeGreaterThan(0);

    // Image URLs of what the document draws, and only those; the URL serves the photo without a login.
    expect(Object.keys(body.images)).toEqual([placedImageId]);
    const image = body.images[placedImageId];
    expect(image).toMatchObject({ width: 900, height: 600 });
    const url = new URL(image.urls.medium, 'http://localhost');
    const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);

    // Nothing else of the album: no members, uploads, link settings, owner or file names.
    const text = response.body;
    for (const secret of [
      'Contributorina',
      'Secretson',
      'Private message to contributors',
      'gold foil',
      'private-holiday',
      unplacedImageId,
      owner.user.sub,
      owner.user.email,
      collaborator.user.email,
      'stickerUpload',
      'albumPreviewPath',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('rotating the token retires the old link at once and the album shows the new one', async () => {
    const before = (await call('GET', `/albums/${albumId}`, owner.access_token)).json().albumPreviewPath;
    expect((await publicPreview(tokenOf(before))).statusCode).toBe(200);

    const rotated = await call(
      'PATCH',
      `/albums/${albumId}/rotate_album_preview_url_token`,
      owner.access_token,
    );
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json().album_preview_path as string;
    expect(after).toMatch(new RegExp(`^/album/${albumId}/preview/[0-9a-f]{64}$`));
    expect(after).not.toBe(before);

    const old = await publicPreview(tokenOf(before));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect((await publicPreview(tokenOf(after))).json().album.title).toBe('Sommerfest 2027');
    // The album view (served from a cache while the album is unchanged) shows the new link.
    expect((await call('GET', `/albums/${albumId}`, owner.access_token)).json().albumPreviewPath).toBe(after);
    expect(
      (await call('GET', `/albums/${albumId}/preview`, collaborator.access_token)).json().album_preview_path,
    ).toBe(after);

    // A collaborator may rotate too; the owner's link then stops working.
    const again = await call(
      'PATCH',
      `/albums/${albumId}/rotate_album_preview_url_token`,
      collaborator.access_token,
    );
    expect(again.statusCode).toBe(200);
    expect((await publicPreview(tokenOf(after))).statusCode).toBe(404);
    expect((await publicPreview(tokenOf(again.json().album_preview_path))).statusCode).toBe(200);
  });

  it('answers an unknown token like a rotated one', async () => {
    const response = await publicPreview('0'.repeat(64));
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it("a guest's album has no preview link (SPEC §6: guests share no links)", async () => {
    const guest = await createGuest(t.app);
    const album = await createAlbum(t.app, guest.access_token);
    expect(album.albumPreviewPath).toBeNull();
    const preview = await call('GET', `/albums/${album.id}/preview`, guest.access_token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().album_preview_path).toBeNull();
    const rotate = await call(
      'PATCH',
      `/albums/${album.id}/rotate_album_preview_url_token`,
      guest.access_token,
    );
    expect(rotate.statusCode).toBe(403);
    expect(rotate.json().error.code).toBe('LOGIN_REQUIRED');
    // Even the stored token opens nothing while a guest owns the album.
    const [row] = await t.database.db
      .select({ token: albums.previewToken })
      .from(albums)
      .where(eq(albums.id, album.id));
    expect((await publicPreview(row.token)).statusCode).toBe(404);
  });

  it('every album gets its own token', async () => {
    const a = await createAlbum(t.app, owner.access_token);
    const b = await createAlbum(t.app, owner.access_token);
    expect(a.albumPreviewPath).toMatch(/\/preview\/[0-9a-f]{64}$/);
    expect(tokenOf(a.albumPreviewPath as string)).not.toBe(tokenOf(b.albumPreviewPath as string));
  });
});
