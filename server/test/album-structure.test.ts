import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumInvitations, albumMembers, albums } from '../src/db/schema.ts';
import {
  DATABASE_KINDS,
  bearer,
  createAlbum,
  createGuest,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';

interface Workspace {
  nodes: Record<string, { id: string; type: string; props: Record<string, unknown> }>;
  stickers: Record<string, unknown>;
}

describe.each(DATABASE_KINDS)('onboarding state and sticker templates on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const onboarding = (albumId: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${albumId}/onboarding_state`,
      headers: bearer(token),
    });

  it('starts a new album with every onboarding step open', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    const response = await onboarding(album.id, alice.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      has_invitations: false,
      has_title_and_release_date: false,
      has_sticker: false,
      has_updated_section: false,
      has_updated_sticker_link_config: false,
      has_image: false,
    });
  });

  it('marks each step done once the album shows it', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(alice.access_token),
      payload: { title: 'Team 2027', releaseDate: '2027-06-01', stickerUploadEnabled: true },
    });
    await t.database.db.insert(albumMembers).values({ albumId: album.id, userId: bob.user.sub });
    const workspace = structuredClone(album.workspace) as unknown as Workspace;
    const section = Object.values(workspace.nodes).find(
      (n) => n.type === 'Section' && n.props.static === false,
    )!;
    section.props.name = 'Our own chapter';
    workspace.stickers.s1 = {
      id: 's1',
      name: 'Anna',
      position: '',
      doubleSticker: false,
      sectionId: section.id,
      image: 'img-1',
    };
    await t.database.db
      .update(albums)
      .set({ workspace: workspace as never })
      .where(eq(albums.id, album.id));
    expect((await onboarding(album.id, alice.access_token)).json()).toEqual({
      has_invitations: true,
      has_title_and_release_date: true,
      has_sticker: true,
      has_updated_section: true,
      has_updated_sticker_link_config: true,
      has_image: true,
    });
  });

  it('counts a pending invitation as invited and opens the step again when it is cancelled', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    const invited = async () => (await onboarding(album.id, alice.access_token)).json().has_invitations;
    expect(await invited()).toBe(false);
    const [invitation] = await t.database.db
      .insert(albumInvitations)
      .values({ albumId: album.id, email: 'carol@example.test', inviterId: alice.user.sub, token: 'tok-1' })
      .returning();
    expect(await invited()).toBe(true);
    // Another album's invitation does not count for this one.
    const other = await createAlbum(t.app, alice.access_token);
    expect((await onboarding(other.id, alice.access_token)).json().has_invitations).toBe(false);
    await t.database.db.delete(albumInvitations).where(eq(albumInvitations.id, invitation.id));
    expect(await invited()).toBe(false);
  });

  it('answers 404 to anyone without access and 401 without a token', async () => {
    const album = await createAlbum(t.app, alice.access_token);
    const stranger = await signUp(t.app);
    expect((await onboarding(album.id, stranger.access_token)).statusCode).toBe(404);
    const guest = await createGuest(t.app);
    expect((await onboarding(album.id, guest.access_token)).statusCode).toBe(404);
    expect((await onboarding('nope', alice.access_token)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${album.id}/onboarding_state`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves the seeded sticker frame templates 595-617 to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sticker_templates' });
    expect(response.statusCode).toBe(200);
    const templates = response.json().sticker_templates as Array<{
      id: number;
      theme: string;
      double: boolean;
      nodes: object;
    }>;
    expect(templates.map((template) => template.id)).toEqual(Array.from({ length: 23 }, (_, i) => 595 + i));
    expect(new Set(templates.map((template) => template.theme))).toEqual(
      new Set(['default', 'accented', 'themed', 'triangle', 'gold', 'tilted', 'empty', 'spread']),
    );
    expect(templates.some((template) => template.double)).toBe(true);
    expect(Object.keys(templates[0].nodes).length).toBeGreaterThan(0);
  });
});
