import { insertElement, spreadsInOrder, type AlbumDocument } from '@stickerbook/model';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo, uploadImage } from './fixtures/images/upload-client.ts';
import { bearer, createAlbum, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

describe('cover previews', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: { access_token: string };
  let stranger: { access_token: string };
  let album: { id: string; workspace: AlbumDocument; version: number };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-covers-'));
    t = await startTestApp('pglite', { dataDir });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    const created = await createAlbum(t.app, owner.access_token, {
      blueprint_id: 'birthday-party',
      title: 'Lena turns 7',
      release_date: '2027-03-14',
    });
    album = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/albums/${created.id}`,
        headers: bearer(owner.access_token),
      })
    ).json();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cover = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/albums/${album.id}/cover`, headers: bearer(token) });

  it('gives the owner the first spread only, a fraction of the album, with its title and date', async () => {
    const response = await cover(owner.access_token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ title: 'Lena turns 7', release_date: '2027-03-14', images: [] });
    const first = spreadsInOrder(album.workspace)[0];
    expect(spreadsInOrder(body.workspace).map((s) => s.id)).toEqual([first.id]);
    expect(response.body.length).toBeLessThan(JSON.stringify(album.workspace).length / 2);
    // The album's title symbol is resolved into plain text.
    expect(response.body).toContain('Lena turns 7');
    expect(Object.values(body.workspace.nodes as AlbumDocument['nodes']).some((n) => n.props.symbol)).toBe(
      false,
    );
  });

  it('answers 404 to someone else, as for the album itself', async () => {
    expect((await cover(stranger.access_token)).statusCode).toBe(404);
    const unauthenticated = await t.app.inject({ method: 'GET', url: `/api/v1/albums/${album.id}/cover` });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('includes the records of the photos placed on the cover, and only those', async () => {
    const onCover = (await uploadImage(t.app, owner.access_token, album.id, await photo(800, 600))).json();
    await uploadImage(t.app, owner.access_token, album.id, await photo(640, 480));
    const first = spreadsInOrder(album.workspace)[0];
    const mutation = await t.app.inject({
      method: 'POST',
      url: `/api/v1/albums/${album.id}/mutations`,
      headers: bearer(owner.access_token),
      payload: {
        version: album.version,
        clientId: 'covers-test',
        mutationId: 'covers-test-1',
        patches: insertElement(album.workspace, {
          type: 'Image',
          parentId: first.id,
          props: { x: 240, y: 20, width: 200, height: 150, image: onCover.id },
        }).patches,
      },
    });
    expect(mutation.json()).toMatchObject({ duplicate: false });
    const body = (await cover(owner.access_token)).json();
    expect(body.images.map((i: { id: string }) => i.id)).toEqual([onCover.id]);
    expect(body.images[0].blob.small).toMatch(/^\/|^http/);
  });

  it('draws template covers for anyone choosing a template', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/blueprints/sports-club/cover' });
    expect(response.statusCode).toBe(200);
    expect(response.json().title).toBeTruthy();
    expect(spreadsInOrder(response.json().workspace)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/blueprints/nope/cover' })).statusCode).toBe(
      404,
    );
  });

  it('names the templates and draws their covers in the visitor’s language', async () => {
    const get = (url: string, language: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
    const titles = async (language: string) =>
      Object.fromEntries(
        (await get('/api/v1/blueprints', language))
          .json()
          .blueprints.map((b: { id: string; title: string }) => [b.id, b.title]),
      );
    expect(await titles('de-DE,de;q=0.9')).toMatchObject({
      'sports-club': 'Vereinssaison',
      'wedding-classic': 'Klassische Hochzeit',
    });
    expect(await titles('pl')).toMatchObject({ 'birthday-party': 'Przyjęcie urodzinowe' });
    expect(await titles('en')).toMatchObject({ 'sports-club': 'Club Season' });
    expect((await get('/api/v1/blueprints/sports-club', 'fr')).json().title).toBe('Saison du club');

    const spanTexts = (workspace: AlbumDocument) =>
      Object.values(workspace.nodes).flatMap((node) =>
        ((node.props.text as { blocks?: Array<{ spans: Array<{ text: string }> }> })?.blocks ?? []).flatMap(
          (block) => block.spans.map((span) => span.text),
        ),
      );
    const german = (await get('/api/v1/blueprints/birthday-party/cover', 'de')).json();
    const english = (await get('/api/v1/blueprints/birthday-party/cover', 'en')).json();
    expect(german).toMatchObject({ title: 'Geburtstagsparty', language: 'de' });
    expect(spanTexts(german.workspace)).toContain('Lasst uns feiern');
    expect(spanTexts(german.workspace)).not.toContain("Let's celebrate");
    expect(spanTexts(english.workspace)).toContain("Let's celebrate");
  });
});
