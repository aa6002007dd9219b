/**
 * SPEC §6 "admins see otherwise hidden images": a photo sent through the public sticker link is not one of the
 * album's images until it is accepted (merged); the album's people do not see it in the images list, an admin
 * does, marked hidden.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumMembers } from '../src/db/schema.ts';
import { photo, uploadImage } from './fixtures/images/upload-client.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from './helpers/sticker-link.ts';
import {
  bearer,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';

const ADMIN = { email: 'admin@hidden-images.test', password: 'admin password long enough' };

interface Listed {
  id: string;
  hidden?: boolean;
}

describe.each(DATABASE_KINDS)('hidden images on %s', (kind) => {
  let t: TestApp;
  let admin: Session;
  let owner: Session;
  let collaborator: Session;
  let albumId: string;
  let ownPhotoId: string;
  let contributedPhotoId: string;
  let uploadId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    admin = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ADMIN })).json();
    owner = await signUp(t.app);
    collaborator = await signUp(t.app);
    const { album, linkToken, sectionId } = await albumWithLink(t.app, owner.access_token);
    albumId = album.id;
    await t.database.db.insert(albumMembers).values({ albumId, userId: collaborator.user.sub });
    const own = await uploadImage(t.app, owner.access_token, albumId, await photo(800, 600));
    expect(own.statusCode).toBe(201);
    ownPhotoId = own.json().id;
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, await photo(560, 700));
    const submitted = await submitToLink(t.app, linkToken, {
      name: 'Contributorina',
      section_id: sectionId,
      blob_id: blobId,
    });
    expect(submitted.statusCode).toBe(201);
    const uploads = (
      await t.app.inject({
        url: `/api/v1/albums/${albumId}/sticker_uploads`,
        headers: bearer(owner.access_token),
      })
    ).json().sticker_uploads as Array<{ id: string; image: { id: string } }>;
    uploadId = uploads[0].id;
    contributedPhotoId = uploads[0].image.id;
  }, 60_000);
  afterAll(() => t.close());

  const listed = async (token: string): Promise<Listed[]> => {
    const response = await t.app.inject({
      url: `/api/v1/albums/${albumId}/images`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json().images;
  };

  it('keeps a contributor photo out of the images of the owner and the collaborators until it is accepted', async () => {
    for (const session of [owner, collaborator]) {
      const images = await listed(session.access_token);
      expect(images.map((image) => image.id)).toEqual([ownPhotoId]);
      expect(images[0]).not.toHaveProperty('hidden');
    }
  });

  it('shows it to an admin, marked hidden, beside the visible ones', async () => {
    const images = await listed(admin.access_token);
    expect(images.map((image) => [image.id, image.hidden]).sort()).toEqual(
      [
        [ownPhotoId, false],
        [contributedPhotoId, true],
      ].sort(),
    );
  });

  it('shows it to everyone once accepted', async () => {
    const merged = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${albumId}/sticker_uploads/merge`,
      headers: bearer(owner.access_token),
      payload: { sticker_upload_ids: [uploadId] },
    });
    expect(merged.statusCode).toBe(200);
    expect((await listed(owner.access_token)).map((image) => image.id).sort()).toEqual(
      [ownPhotoId, contributedPhotoId].sort(),
    );
    expect((await listed(admin.access_token)).every((image) => image.hidden === false)).toBe(true);
  });

  it('still answers 404 to someone outside the album', async () => {
    const stranger = await signUp(t.app);
    const response = await t.app.inject({
      url: `/api/v1/albums/${albumId}/images`,
      headers: bearer(stranger.access_token),
    });
    expect(response.statusCode).toBe(404);
  });
});
