import { applyPatches, createSticker, type AlbumDocument } from '@stickerbook/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAlbum, signUp, startTestApp, type Session, type TestApp } from './helpers/test-app.ts';

describe('SPEC §3 album fields', () => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t.app);
  });
  afterAll(() => t.close());

  const open = async (id: string) => {
    const response = await t.app.inject({ url: `/api/v1/albums/${id}`, headers: bearer(owner.access_token) });
    expect(response.statusCode).toBe(200);
    return response.json() as { version: number; workspace: AlbumDocument; total_sticker_sorts: number };
  };

  it('counts each sticker as one sort, a double sticker too, and follows the album as stickers are added', async () => {
    const created = await createAlbum(t.app, owner.access_token);
    const album = await open(created.id);
    const before = Object.keys(album.workspace.stickers).length;
    expect(album.total_sticker_sorts).toBe(before);
    expect(created.total_sticker_sorts).toBe(before);

    const single = createSticker(album.workspace, { name: 'Mia', position: 'Keeper', doubleSticker: false });
    const afterSingle = applyPatches(album.workspace, single.patches);
    const double = createSticker(afterSingle, { name: 'Team photo', position: '', doubleSticker: true });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/albums/${created.id}/mutations`,
      headers: bearer(owner.access_token),
      payload: {
        version: album.version,
        clientId: 'fields-test',
        mutationId: 'fields-test-1',
        patches: [...single.patches, ...double.patches],
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await open(created.id)).total_sticker_sorts).toBe(before + 2);
  });

  it('answers the sticker template, its settings and the custom fonts under their SPEC §3 names, from the document', async () => {
    const created = await createAlbum(t.app, owner.access_token);
    const album = (await open(created.id)) as unknown as {
      workspace: AlbumDocument;
      stickerTemplateId: number;
      stickerTemplateSettings: { id: number; blank_enabled: boolean };
      customFonts: Array<{ name: string }>;
    };
    expect(album.stickerTemplateId).toBe(album.workspace.settings.stickerTemplateId);
    expect(album.stickerTemplateSettings).toEqual(album.workspace.settings.stickerTemplateSettings);
    expect(album.customFonts).toEqual(album.workspace.settings.customFonts);
  });
});
