/**
 * Album sharing by invitation (SPEC §6, §7): the owner invites by e-mail, the invitee confirms through the link
 * and becomes a member, the owner removes members and cancels pending invitations; nobody else may.
 */
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumInvitations, outboxMails, users } from '../src/db/schema.ts';
import { startJobQueue } from '../src/workers.ts';
import { collect, connect, listen, next } from './helpers/realtime-client.ts';
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

interface Invitation {
  id: string;
  email: string;
  inviter_email: string | null;
  album_id: string;
  album_title: string;
}

interface Association {
  id: string;
  owner: boolean;
  user: { email: string | null; picture: string | null };
}

describe.each(DATABASE_KINDS)('album invitations on %s', (kind) => {
  let t: TestApp;
  let jobs: Awaited<ReturnType<typeof startJobQueue>>;
  let owner: Session;
  let album: Awaited<ReturnType<typeof createAlbum>>;

  beforeAll(async () => {
    t = await startTestApp(kind, { publicUrl: 'http://stickerbook.test' });
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
    owner = await signUp(t.app);
    album = await createAlbum(t.app, owner.access_token, {
      blueprint_id: 'test-fixture',
      title: 'Klasse 4b',
      language: 'de',
    });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });

  const invite = (email: string, token = owner.access_token) =>
    call('POST', `/albums/${album.id}/invitations`, token, { email });

  async function tokenOf(invitationId: string): Promise<string> {
    const [row] = await t.database.db
      .select({ token: albumInvitations.token })
      .from(albumInvitations)
      .where(eq(albumInvitations.id, invitationId));
    return row.token;
  }

  async function mailTo(address: string) {
    for (let waited = 0; waited < 30_000; waited += 200) {
      const rows = await t.database.db.select().from(outboxMails).where(eq(outboxMails.to, address));
      if (rows.length > 0) return rows;
      await sleep(200);
    }
    throw new Error(`no mail to ${address}`);
  }

  /** Opens the activation link of the sign-up mail, as the account's owner would. */
  async function activateFromMail(session: Session) {
    const [mail] = await mailTo(session.user.email);
    const token = new URL(/http\S+\/profile\/activate\?token=\S+/.exec(mail.text)![0]).searchParams.get(
      'token',
    )!;
    const activated = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/activate',
      headers: bearer(session.access_token),
      payload: { token },
    });
    expect(activated.json().activated).toBe(true);
  }

  it('does not give an invitation to whoever signs up first with the invited address, until the address is proven', async () => {
    const squatter = await signUp(t.app, 'invited-squatter@example.com');
    const third = await createAlbum(t.app, owner.access_token, {
      blueprint_id: 'test-fixture',
      language: 'de',
    });
    await call('POST', `/albums/${third.id}/invitations`, owner.access_token, {
      email: 'invited-squatter@example.com',
    });
    expect((await call('GET', '/invitations/pending', squatter.access_token)).json()).toEqual({
      invitations: [],
      verification_required: true,
      waiting: 1,
    });
    // Activating needs the mail's token: none, another account's, or a forged one change nothing.
    const other = await signUp(t.app);
    const [otherMail] = await mailTo(other.user.email);
    const othersToken = new URL(
      /http\S+\/profile\/activate\?token=\S+/.exec(otherMail.text)![0],
    ).searchParams.get('token')!;
    for (const payload of [
      {},
      { token: othersToken },
      { token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' },
      { token: squatter.access_token },
    ]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/activate',
        headers: bearer(squatter.access_token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/users/me', squatter.access_token)).json().activated).toBe(false);
    expect((await call('GET', '/invitations/pending', squatter.access_token)).json().invitations).toEqual([]);
    // The activation mail is in the account's language and can be sent again until the address is proven.
    expect((await mailTo('invited-squatter@example.com'))[0].subject).toContain('Stickerbook');
    expect((await call('POST', '/users/activation_mail', squatter.access_token)).statusCode).toBe(204);
    await activateFromMail(squatter);
    expect(
      (await call('GET', '/invitations/pending', squatter.access_token)).json().invitations,
    ).toHaveLength(1);
    expect((await call('POST', '/users/activation_mail', squatter.access_token)).statusCode).toBe(409);
  });

  it('the owner invites by e-mail; the invitation is pending and mailed in the album language', async () => {
    const response = await invite('friend@example.com');
    expect(response.statusCode).toBe(201);
    const invitation = response.json<Invitation>();
    expect(invitation).toMatchObject({
      email: 'friend@example.com',
      inviter_email: owner.user.email,
      album_id: album.id,
      album_title: 'Klasse 4b',
    });

    const list = await call('GET', `/albums/${album.id}/invitations`, owner.access_token);
    expect(list.json<{ invitations: Invitation[] }>().invitations.map((i) => i.email)).toEqual([
      'friend@example.com',
    ]);

    const [mail] = await mailTo('friend@example.com');
    expect(mail.subject).toBe(`${owner.user.email} hat dich zum Album „Klasse 4b“ eingeladen`);
    const token = await tokenOf(invitation.id);
    expect(mail.text).toContain(`http://stickerbook.test/invitations/${token}/accept`);
  });

  it('gives the owner each pending invitation’s link to pass on by hand, the one the mail carries', async () => {
    const created = (await invite('by-hand@example.com')).json<Invitation & { accept_url: string }>();
    const token = await tokenOf(created.id);
    const link = `http://stickerbook.test/invitations/${token}/accept`;
    expect(created.accept_url).toBe(link);
    const list = await call('GET', `/albums/${album.id}/invitations`, owner.access_token);
    const listed = list.json<{ invitations: Array<Invitation & { accept_url?: string }> }>().invitations;
    expect(listed.find((i) => i.id === created.id)?.accept_url).toBe(link);
    expect((await mailTo('by-hand@example.com'))[0].text).toContain(link);
  });

  it('shows a signed-in user the invitations to their address, to accept from the start page', async () => {
    const invitee = await signUp(t.app);
    const other = await signUp(t.app);
    // An album of its own, so the new member does not change the other tests' album.
    const second = await createAlbum(t.app, owner.access_token, {
      blueprint_id: 'test-fixture',
      title: 'Klasse 4b',
      language: 'de',
    });
    const created = (
      await call('POST', `/albums/${second.id}/invitations`, owner.access_token, {
        email: invitee.user.email.toUpperCase(),
      })
    ).json<Invitation>();
    // Signing up with the invited address proves nothing: the invitation waits for the activation link.
    const unverified = await call('GET', '/invitations/pending', invitee.access_token);
    expect(unverified.json()).toEqual({ invitations: [], verification_required: true, waiting: 1 });
    await activateFromMail(invitee);
    const pending = await call('GET', '/invitations/pending', invitee.access_token);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().verification_required).toBe(false);
    const [mine] = pending.json<{ invitations: Array<Invitation & { token: string }> }>().invitations;
    expect(mine).toMatchObject({ id: created.id, album_id: second.id, album_title: 'Klasse 4b' });
    // Nobody else sees it, and a guest has no address to be invited at.
    await activateFromMail(other);
    expect((await call('GET', '/invitations/pending', other.access_token)).json().invitations).toEqual([]);
    const guest = await createGuest(t.app);
    expect((await call('GET', '/invitations/pending', guest.access_token)).statusCode).toBe(401);
    expect((await call('GET', '/invitations/pending')).statusCode).toBe(401);

    const accepted = await call('POST', `/invitations/${mine.token}/confirm`, invitee.access_token);
    expect(accepted.json()).toEqual({ album_id: second.id });
    expect((await call('GET', `/albums/${second.id}`, invitee.access_token)).statusCode).toBe(200);
    expect((await call('GET', '/invitations/pending', invitee.access_token)).json().invitations).toEqual([]);
  });

  it('lets admins read every mail kept without SMTP at the outbox; anyone else gets 404', async () => {
    await invite('outbox@example.com');
    await mailTo('outbox@example.com');
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
    const outbox = await call('GET', '/admin/outbox', adminToken);
    expect(outbox.statusCode).toBe(200);
    const body = outbox.json<{ smtp_configured: boolean; mails: Array<{ to: string; subject: string }> }>();
    expect(body.smtp_configured).toBe(false);
    expect(body.mails.find((mail) => mail.to === 'outbox@example.com')?.subject).toContain('Klasse 4b');
    expect((await call('GET', '/admin/outbox', owner.access_token)).statusCode).toBe(404);
    expect((await call('GET', '/admin/outbox')).statusCode).toBe(401);
  });

  it('inviting the same address twice, or the owner, answers 409', async () => {
    const again = await invite('FRIEND@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_INVITED');
    const self = await invite(owner.user.email);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('ALREADY_MEMBER');
  });

  it('an invalid e-mail answers 400 in the error envelope', async () => {
    const response = await invite('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.details.fields).toEqual([expect.objectContaining({ field: 'email' })]);
  });

  it('the public link shows inviter and album; a tampered token is 404', async () => {
    const response = await invite('reader@example.com');
    const token = await tokenOf(response.json<Invitation>().id);
    const shown = await call('GET', `/public/invitations/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      inviter_email: owner.user.email,
      album_title: 'Klasse 4b',
      accepted: false,
    });
    const tampered = await call('GET', `/public/invitations/${token.slice(0, -2)}xx`);
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().error.code).toBe('INVITATION_NOT_FOUND');
    const user = await signUp(t.app);
    const confirm = await call('POST', `/invitations/${token.slice(0, -2)}xx/confirm`, user.access_token);
    expect(confirm.statusCode).toBe(404);
  });

  it('confirming makes the user a member who sees the album, shared, and twice is harmless', async () => {
    const invitee = await signUp(t.app, 'invitee@example.com');
    expect((await call('GET', `/albums/${album.id}`, invitee.access_token)).statusCode).toBe(404);
    const created = await invite('invitee@example.com');
    const token = await tokenOf(created.json<Invitation>().id);

    const confirmed = await call('POST', `/invitations/${token}/confirm`, invitee.access_token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ album_id: album.id });
    const again = await call('POST', `/invitations/${token}/confirm`, invitee.access_token);
    expect(again.statusCode).toBe(200);

    expect((await call('GET', `/albums/${album.id}`, invitee.access_token)).statusCode).toBe(200);
    const albums = await call('GET', '/albums', invitee.access_token);
    expect(albums.json().albums).toEqual([expect.objectContaining({ id: album.id, is_owner: false })]);

    // Accepted means no longer pending; the owner sees the member instead.
    const pending = await call('GET', `/albums/${album.id}/invitations`, owner.access_token);
    expect(pending.json<{ invitations: Invitation[] }>().invitations.map((i) => i.email)).not.toContain(
      'invitee@example.com',
    );
    const associations = await call('GET', `/albums/${album.id}/associations`, owner.access_token);
    expect(associations.json<{ associations: Association[] }>().associations).toEqual([
      expect.objectContaining({ owner: true, user: expect.objectContaining({ email: owner.user.email }) }),
      expect.objectContaining({
        owner: false,
        user: expect.objectContaining({ email: 'invitee@example.com' }),
      }),
    ]);
    // Once accepted, the link does not let a third person in.
    const other = await signUp(t.app);
    const stolen = await call('POST', `/invitations/${token}/confirm`, other.access_token);
    expect(stolen.statusCode).toBe(410);
    expect((await call('GET', `/albums/${album.id}`, other.access_token)).statusCode).toBe(404);
    // Already a member: inviting the address again is refused.
    expect((await invite('invitee@example.com')).json().error.code).toBe('ALREADY_MEMBER');
  });

  it('a collaborator may list but not invite, cancel or remove; a stranger sees nothing', async () => {
    const collaborator = await signUp(t.app);
    const created = await invite(collaborator.user.email);
    const token = await tokenOf(created.json<Invitation>().id);
    await call('POST', `/invitations/${token}/confirm`, collaborator.access_token);

    expect((await call('GET', `/albums/${album.id}/invitations`, collaborator.access_token)).statusCode).toBe(
      200,
    );
    const list = await call('GET', `/albums/${album.id}/associations`, collaborator.access_token);
    expect(list.statusCode).toBe(200);
    const ownerAssociation = list.json<{ associations: Association[] }>().associations[0];

    const denied = await invite('someone@example.com', collaborator.access_token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('NOT_OWNER');
    const pending = (await call('GET', `/albums/${album.id}/invitations`, owner.access_token)).json<{
      invitations: Invitation[];
    }>().invitations[0];
    expect((await call('DELETE', `/invitations/${pending.id}`, collaborator.access_token)).statusCode).toBe(
      403,
    );
    const members = list.json<{ associations: Association[] }>().associations.filter((a) => !a.owner);
    expect(
      (await call('DELETE', `/associations/${members[0].id}`, collaborator.access_token)).statusCode,
    ).toBe(403);

    const stranger = await signUp(t.app);
    for (const [method, url] of [
      ['GET', `/albums/${album.id}/invitations`],
      ['GET', `/albums/${album.id}/associations`],
      ['DELETE', `/invitations/${pending.id}`],
      ['DELETE', `/associations/${members[0].id}`],
    ] as const) {
      expect((await call(method, url, stranger.access_token)).statusCode).toBe(404);
    }
    expect((await invite('x@example.com', stranger.access_token)).statusCode).toBe(404);

    // The owner is not a member and cannot leave their own album.
    const removeOwner = await call('DELETE', `/associations/${ownerAssociation.id}`, owner.access_token);
    expect(removeOwner.statusCode).toBe(409);
    expect(removeOwner.json().error.code).toBe('OWNER_CANNOT_LEAVE');
    expect((await call('GET', `/albums/${album.id}`, owner.access_token)).statusCode).toBe(200);
    // Nor may an admin remove the owner, and a collaborator gets no further than "not the owner".
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
    const byAdmin = await call('DELETE', `/associations/${ownerAssociation.id}`, adminToken);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().error.code).toBe('CANNOT_REMOVE_OWNER');
    const byCollaborator = await call(
      'DELETE',
      `/associations/${ownerAssociation.id}`,
      collaborator.access_token,
    );
    expect(byCollaborator.statusCode).toBe(403);
    expect(byCollaborator.json().error.code).toBe('NOT_OWNER');
  });

  let listening: string | undefined;
  const baseUrl = async () => (listening ??= await listen(t.app));

  /** Invites `member` to the album and confirms; returns their association (as the owner lists it). */
  async function addMember(member: Session, albumId = album.id): Promise<Association> {
    const created = await call('POST', `/albums/${albumId}/invitations`, owner.access_token, {
      email: member.user.email,
    });
    const token = await tokenOf(created.json<Invitation>().id);
    expect((await call('POST', `/invitations/${token}/confirm`, member.access_token)).statusCode).toBe(200);
    const list = await call('GET', `/albums/${albumId}/associations`, owner.access_token);
    return list
      .json<{ associations: Association[] }>()
      .associations.find((a) => a.user.email === member.user.email)!;
  }

  it('a member leaves the album: it is gone from their albums, the editor answers 404, their socket is closed', async () => {
    const shared = await createAlbum(t.app, owner.access_token, {
      blueprint_id: 'test-fixture',
      title: 'Verein',
    });
    const member = await signUp(t.app);
    const stays = await signUp(t.app);
    const association = await addMember(member, shared.id);
    await addMember(stays, shared.id);
    expect((await call('GET', '/albums', member.access_token)).json().albums).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: shared.id, is_owner: false })]),
    );
    // The member sees their own association (what the web's "Leave album" deletes).
    const seen = (await call('GET', `/albums/${shared.id}/associations`, member.access_token)).json<{
      associations: Association[];
    }>().associations;
    expect(seen.map((a) => a.id)).toContain(association.id);

    const socket = await connect(await baseUrl(), { token: member.access_token, albumId: shared.id });
    const accessLost = next<{ code: string }>(socket, 'connection_error');
    const disconnected = next(socket, 'disconnect');

    const left = await call('DELETE', `/associations/${association.id}`, member.access_token);
    expect(left.statusCode).toBe(204);

    expect(await accessLost).toMatchObject({ code: 'ACCESS_LOST' });
    await disconnected;
    expect((await call('GET', `/albums/${shared.id}`, member.access_token)).statusCode).toBe(404);
    expect(
      (await call('GET', '/albums', member.access_token))
        .json<{ albums: Array<{ id: string }> }>()
        .albums.map((a) => a.id),
    ).not.toContain(shared.id);
    await expect(
      connect(await baseUrl(), { token: member.access_token, albumId: shared.id }),
    ).rejects.toMatchObject({
      message: 'NOT_FOUND',
    });
    // Leaving twice finds nothing to leave; the owner no longer lists them, the other member stays.
    expect((await call('DELETE', `/associations/${association.id}`, member.access_token)).statusCode).toBe(
      404,
    );
    const after = (await call('GET', `/albums/${shared.id}/associations`, owner.access_token)).json<{
      associations: Association[];
    }>().associations;
    expect(after.map((a) => a.user.email)).toEqual([owner.user.email, stays.user.email]);
    expect((await call('GET', `/albums/${shared.id}`, stays.access_token)).statusCode).toBe(200);
  });

  it('a member cannot remove another member, and removing a member closes their open editor', async () => {
    const shared = await createAlbum(t.app, owner.access_token, {
      blueprint_id: 'test-fixture',
      title: 'Team',
    });
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    await addMember(first, shared.id);
    const secondAssociation = await addMember(second, shared.id);

    const denied = await call('DELETE', `/associations/${secondAssociation.id}`, first.access_token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('NOT_OWNER');
    expect((await call('GET', `/albums/${shared.id}`, second.access_token)).statusCode).toBe(200);
    // Naming the other member under an album id the caller cannot see reveals nothing either.
    const stranger = await signUp(t.app);
    expect(
      (await call('DELETE', `/associations/${secondAssociation.id}`, stranger.access_token)).statusCode,
    ).toBe(404);

    const socket = await connect(await baseUrl(), { token: second.access_token, albumId: shared.id });
    const watcher = await connect(await baseUrl(), { token: first.access_token, albumId: shared.id });
    const accessLost = next<{ code: string }>(socket, 'connection_error');
    const watcherErrors = collect(watcher, 'connection_error');
    expect(
      (await call('DELETE', `/associations/${secondAssociation.id}`, owner.access_token)).statusCode,
    ).toBe(204);
    expect(await accessLost).toMatchObject({ code: 'ACCESS_LOST' });
    // Only the removed member's editors are closed.
    await next(watcher, 'user_left');
    expect(watcherErrors).toEqual([]);
    expect(watcher.connected).toBe(true);
    watcher.close();
  });

  it('the owner cancels a pending invitation: it is gone and its link is dead', async () => {
    const created = await invite('cancelled@example.com');
    const invitation = created.json<Invitation>();
    const token = await tokenOf(invitation.id);
    expect((await call('DELETE', `/invitations/${invitation.id}`, owner.access_token)).statusCode).toBe(204);
    const list = await call('GET', `/albums/${album.id}/invitations`, owner.access_token);
    expect(list.json<{ invitations: Invitation[] }>().invitations.map((i) => i.email)).not.toContain(
      'cancelled@example.com',
    );
    expect((await call('GET', `/public/invitations/${token}`)).statusCode).toBe(404);
    // Cancelled means the address may be invited again.
    expect((await invite('cancelled@example.com')).statusCode).toBe(201);
  });

  it('removing a member takes the album away again, also through the old link', async () => {
    const member = await signUp(t.app);
    const created = await invite(member.user.email);
    const token = await tokenOf(created.json<Invitation>().id);
    await call('POST', `/invitations/${token}/confirm`, member.access_token);
    expect((await call('GET', `/albums/${album.id}`, member.access_token)).statusCode).toBe(200);

    const associations = (await call('GET', `/albums/${album.id}/associations`, owner.access_token)).json<{
      associations: Association[];
    }>().associations;
    const association = associations.find((a) => a.user.email === member.user.email)!;
    expect((await call('DELETE', `/associations/${association.id}`, owner.access_token)).statusCode).toBe(
      204,
    );

    expect((await call('GET', `/albums/${album.id}`, member.access_token)).statusCode).toBe(404);
    expect((await call('GET', '/albums', member.access_token)).json().albums).toEqual([]);
    expect((await call('POST', `/invitations/${token}/confirm`, member.access_token)).statusCode).toBe(410);
  });

  it('a guest cannot invite, and confirming needs an account', async () => {
    const guest = await createGuest(t.app);
    const guestAlbum = await createAlbum(t.app, guest.access_token);
    const response = await call('POST', `/albums/${guestAlbum.id}/invitations`, guest.access_token, {
      email: 'friend@example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('LOGIN_REQUIRED');

    const created = await invite('for-a-guest@example.com');
    const token = await tokenOf(created.json<Invitation>().id);
    expect((await call('POST', `/invitations/${token}/confirm`, guest.access_token)).statusCode).toBe(401);
  });

  it('the onboarding step has_invitations is done once someone is invited', async () => {
    const fresh = await createAlbum(t.app, owner.access_token);
    const before = await call('GET', `/albums/${fresh.id}/onboarding_state`, owner.access_token);
    expect(before.json().has_invitations).toBe(false);
    await call('POST', `/albums/${fresh.id}/invitations`, owner.access_token, { email: 'a@example.com' });
    const after = await call('GET', `/albums/${fresh.id}/onboarding_state`, owner.access_token);
    expect(after.json().has_invitations).toBe(true);
  });
});
