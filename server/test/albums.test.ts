import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumMembers } from '../src/db/schema.ts';
import {
  DATABASE_KINDS,
  bearer,
  createAlbum,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('albums on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('creates an album from every seeded blueprint with its own copy of the document', async () => {
    expect(t.seeded.blueprintIds).toContain('test-fixture');
    for (const blueprintId of t.seeded.blueprintIds) {
      const blueprint = (
        await t.app.inject({ method: 'GET', url: `/api/v1/blueprints/${blueprintId}` })
      ).json();
      const album = await createAlbum(t.app, alice.access_token, {
        blueprint_id: blueprintId,
        release_date: '2027-06-01',
      });
      expect(album).toMatchObject({
        title: 'Titel des Albums',
        releaseDate: '2027-06-01',
        blueprint_album_id: blueprintId,
        blueprint_category: blueprint.blueprint_category,
        owner_identifier: alice.user.sub,
        is_owner: true,
        version: 0,
      });
      expect(album.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const workspace = album.workspace as { nodes: Record<string, unknown> };
      const source = blueprint.workspace as { nodes: Record<string, unknown> };
      expect(Object.keys(workspace.nodes)).toHaveLength(Object.keys(source.nodes).length);
      expect(Object.keys(workspace.nodes).some((id) => id in source.nodes)).toBe(false);
    }
  });

  it('gives an album the blueprint texts and section names of its language', async () => {
    const texts = async (language: string) => {
      const album = await createAlbum(t.app, alice.access_token, { blueprint_id: 'sports-club', language });
      const nodes = Object.values(
        (album.workspace as { nodes: Record<string, { type: string; props: Record<string, unknown> }> })
          .nodes,
      );
      const sections = nodes.filter((n) => n.type === 'Section').map((n) => n.props.name);
      const spans = nodes.flatMap((n) =>
        (
          (n.props.text as { blocks: Array<{ spans: Array<{ text: string }> }> } | undefined)?.blocks ?? []
        ).flatMap((b) => b.spans.map((span) => span.text)),
      );
      return { sections, spans };
    };
    const english = await texts('en');
    expect(english.sections).toContain('First team');
    expect(english.spans).toContain('Meet the squad');
    const german = await texts('de');
    expect(german.sections).toContain('Erste Mannschaft');
    expect(german.sections).not.toContain('First team');
    expect(german.spans).toContain('Das ist der Kader');
    expect(german.spans).not.toContain('Meet the squad');
    expect((await texts('fr')).sections).toContain('Équipe première');
    expect((await texts('it')).sections).toContain('Prima squadra');
    expect((await texts('pl')).sections).toContain('Pierwsza drużyna');
  });

  it('keeps only the static sections\u2019 spreads when the album is created empty inside', async () => {
    const album = await createAlbum(t.app, alice.access_token, {
      blueprint_id: 'test-fixture',
      empty_inside: true,
    });
    const nodes = Object.values(
      (album.workspace as { nodes: Record<string, { type: string; props: { name?: string } }> }).nodes,
    );
    expect(nodes.filter((node) => node.type === 'Spread')).toHaveLength(1);
    expect(
      nodes
        .filter((node) => node.type === 'Section')
        .map((node) => node.props.name)
        .sort(),
    ).toEqual(['Intro', 'Team']);
    expect(nodes.some((node) => node.type === 'StickerCell')).toBe(false);
    expect(album.workspace.stickers).toEqual({});
  });

  it('lists own albums, and shared ones with is_owner false', async () => {
    const own = await createAlbum(t.app, bob.access_token, {
      blueprint_id: 'test-fixture',
      title: 'Bob’s album',
    });
    const shared = await createAlbum(t.app, alice.access_token, {
      blueprint_id: 'test-fixture',
      title: 'Shared with Bob',
    });
    await t.database.db.insert(albumMembers).values({ albumId: shared.id, userId: bob.user.sub });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/albums', headers: bearer(bob.access_token) })
    ).json();
    const byId = Object.fromEntries(
      list.albums.map((a: { id: string; is_owner: boolean }) => [a.id, a.is_owner]),
    );
    expect(byId).toEqual({ [own.id]: true, [shared.id]: false });
  });

  it('hides another user’s album: read, patch and delete all answer 404', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    for (const request of [
      { method: 'GET' as const },
      { method: 'PATCH' as const, payload: { title: 'Mine now' } },
      { method: 'DELETE' as const },
    ]) {
      const response = await t.app.inject({
        ...request,
        url: `/api/v1/albums/${album.id}`,
        headers: bearer(bob.access_token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(alice.access_token),
    });
    expect(still.json().title).toBe('Titel des Albums');
  });

  it('lets a collaborator edit but not delete', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    await t.database.db.insert(albumMembers).values({ albumId: album.id, userId: bob.user.sub });
    const url = `/api/v1/albums/${album.id}`;
    const patched = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(bob.access_token),
      payload: { title: 'Team effort' },
    });
    expect(patched.json()).toMatchObject({ title: 'Team effort', is_owner: false, access: 'collaborator' });
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: bearer(bob.access_token) });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().error.code).toBe('NOT_OWNER');
  });

  it('lets the owner patch settings, fonts and colours, and delete', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    const url = `/api/v1/albums/${album.id}`;
    const patched = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(alice.access_token),
      payload: {
        colors: ['#000', '#fff', '#ff0000'],
        email_notifications_enabled: false,
        stickerUploadEnabled: true,
        language: 'it',
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      colors: ['#000', '#fff', '#ff0000'],
      emailNotificationsEnabled: false,
      stickerUploadEnabled: true,
      language: 'it',
      version: 1,
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: bearer(alice.access_token) })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(alice.access_token) })).statusCode).toBe(
      404,
    );
  });

  it('never answers a read with a document older than the last change', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    const url = `/api/v1/albums/${album.id}`;
    const read = async () =>
      (await t.app.inject({ method: 'GET', url, headers: bearer(alice.access_token) })).json();
    const before = await read();
    expect(before.workspace).toEqual(album.workspace);
    await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(alice.access_token),
      payload: { colors: ['#000', '#fff', '#123456'], title: 'Renamed' },
    });
    const after = await read();
    expect(after).toMatchObject({ title: 'Renamed', colors: ['#000', '#fff', '#123456'], version: 1 });
    expect(after.workspace.settings.colors).toEqual(['#000', '#fff', '#123456']);
    expect(await read()).toEqual(after);
  });

  it('refuses an empty title with VALIDATION_FAILED on the title field', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(alice.access_token),
      payload: { title: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { location: 'body', fields: [{ field: 'title' }] },
    });
  });

  it('leaves locking to admins, who can also read any album', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    const url = `/api/v1/albums/${album.id}`;
    const byOwner = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(alice.access_token),
      payload: { locked: true },
    });
    expect(byOwner.statusCode).toBe(403);
    const admin = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'admin@stickerbook.local', password: t.seeded.generatedAdminPassword },
      })
    ).json();
    const locked = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(admin.access_token),
      payload: { locked: true },
    });
    expect(locked.json()).toMatchObject({ locked: true, access: 'admin' });
    const ownerEdit = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(alice.access_token),
      payload: { title: 'Late change' },
    });
    expect(ownerEdit.statusCode).toBe(409);
    expect(ownerEdit.json().error.code).toBe('ALBUM_LOCKED');
  });

  it('stores the wizard’s organization for the user', async () => {
    const carol = await signUp(t.app);
    const organization = {
      name: 'Acme',
      size: '151-200',
      contactName: 'Carol',
      phone: '+49 30 1234',
      contactRole: 'lead',
    };
    const album = await createAlbum(t.app, carol.access_token, {
      blueprint_id: 'test-fixture',
      organization,
    });
    expect(album.organization).toMatchObject(organization);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/v1/organizations', headers: bearer(carol.access_token) })
    ).json();
    expect(listed.organizations).toEqual([expect.objectContaining(organization)]);
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(carol.access_token) })
    ).json();
    expect(me.organizations).toHaveLength(1);
  });

  it('answers 422 for an unknown blueprint', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: bearer(alice.access_token),
      payload: { blueprint_id: 'nope' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('BLUEPRINT_NOT_FOUND');
  });

  it('lists blueprints, filters them by query and includes the workspace only when asked', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/blueprints' })).json().blueprints;
    expect(all.length).toBe(t.seeded.blueprintIds.length);
    expect(all[0].workspace).toBeUndefined();
    const found = (
      await t.app.inject({ method: 'GET', url: '/api/v1/blueprints?q=fixture&attributes=FULL' })
    ).json().blueprints;
    expect(found.map((b: { id: string }) => b.id)).toEqual(['test-fixture']);
    expect(found[0].workspace.rootId).toBe('root');
  });
});
