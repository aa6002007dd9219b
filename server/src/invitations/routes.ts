import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../auth/access-tokens.ts';
import { requirePrincipal, requireUser } from '../auth/authenticate.ts';
import { AppError, errorEnvelopeSchema, forbidden, notFound } from '../http/errors.ts';
import { mailSender } from '../jobs/mail.ts';
import { acceptUrl, invitationMail } from './mail.ts';
import { revokeAlbumAccess } from '../realtime/index.ts';
import { findAlbumHeaderFor, type AlbumAccess, type AlbumHeader } from '../album-store/albums.ts';
import {
  acceptInvitation,
  deleteInvitation,
  findAlbumOwner,
  findInvitationById,
  findInvitationByToken,
  hasPendingInvitation,
  insertInvitation,
  isAlbumUserEmail,
  isMember,
  listMembers,
  listPendingInvitations,
  listPendingInvitationsFor,
  removeMember,
  type InvitationDetails,
} from './repository.ts';
import {
  acceptedInvitationSchema,
  associationListSchema,
  errorResponses,
  inviteBodySchema,
  managedInvitationListSchema,
  managedInvitationSchema,
  pendingInvitationsSchema,
  publicInvitationSchema,
} from '@stickerbook/api';
import { findUserById } from '../users/repository.ts';

const albumParams = z.object({ id: z.string().min(1).max(64) });
const uuidParams = z.object({ id: z.uuid() });
const tokenParams = z.object({ token: z.string().min(1).max(100) });
const associationParams = z.object({ id: z.string().min(1).max(120) });

function toInvitation(row: InvitationDetails) {
  return {
    id: row.id,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    inviter_email: row.inviterEmail,
    album_id: row.albumId,
    album_title: row.albumTitle,
  };
}

/**
 * An association id names the album and the user (`<album id>.<user id>`): membership rows have no id of their
 * own, and DELETE /associations/{id} needs both. Album ids are base64url and user ids UUIDs, neither has a dot.
 */
const associationId = (albumId: string, userId: string) => `${albumId}.${userId}`;

function parseAssociationId(id: string): { albumId: string; userId: string } | undefined {
  const dot = id.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const userId = id.slice(dot + 1);
  if (!z.uuid().safeParse(userId).success) return undefined;
  return { albumId: id.slice(0, dot), userId };
}

const invitationNotFound = () =>
  new AppError(404, 'INVITATION_NOT_FOUND', 'There is no invitation with this link');

/**
 * SPEC §7 invitations and associations. Who may do what (SPEC §6): the owner (and admins) invite, cancel and
 * remove members; collaborators may list and leave (delete their own association); anyone else gets 404 for the
 * album; guests may not invite, because an invitee must be able to find the album under an account.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const mails = mailSender(app.ctx.database);
  const publicRateLimit = { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: '1 minute' };

  async function loadAlbum(principal: Principal, id: string) {
    const found = await findAlbumHeaderFor(db, id, principal);
    if (!found) throw notFound('Album');
    return found;
  }

  function requireManager(principal: Principal, found: { access: AlbumAccess }) {
    if (principal.kind !== 'user')
      throw forbidden('LOGIN_REQUIRED', 'Sharing an album needs a signed-in account');
    if (found.access === 'collaborator')
      throw forbidden('NOT_OWNER', 'Only the owner can manage who may edit the album');
  }

  app.get(
    '/albums/:id/invitations',
    {
      schema: {
        tags: ['invitations'],
        params: albumParams,
        response: { 200: managedInvitationListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const found = await loadAlbum(principal, request.params.id);
      const rows = await listPendingInvitations(db, found.album.id);
      // Only who may invite gets the links; a collaborator sees who is invited.
      const manages = principal.kind === 'user' && found.access !== 'collaborator';
      return {
        invitations: rows.map((row) => ({
          ...toInvitation(row),
          ...(manages ? { accept_url: acceptUrl(app.ctx.config.publicUrl, row.token) } : {}),
        })),
      };
    },
  );

  app.get(
    '/invitations/pending',
    {
      schema: {
        tags: ['invitations'],
        response: {
          200: pendingInvitationsSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await findUserById(db, requireUser(request).id);
      // Only an address the account has proven it reads (activation link, issue 22) sees what was sent to it;
      // whoever signs up first with an invited address gets nothing. The mail's own link still works: it proves
      // ownership by itself.
      const rows = user ? await listPendingInvitationsFor(db, user.email) : [];
      // How many wait is all an unproven account learns: enough to ask for the confirmation when it matters.
      if (!user?.activatedAt) return { invitations: [], verification_required: true, waiting: rows.length };
      return {
        invitations: rows.map((row) => ({ ...toInvitation(row), token: row.token })),
        verification_required: false,
        waiting: rows.length,
      };
    },
  );

  app.post(
    '/albums/:id/invitations',
    {
      schema: {
        tags: ['invitations'],
        params: albumParams,
        body: inviteBodySchema,
        response: { 201: managedInvitationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const found = await loadAlbum(principal, request.params.id);
      requireManager(principal, found);
      const inviter = principal as Extract<Principal, { kind: 'user' }>;
      const album: AlbumHeader = found.album;
      const email = request.body.email.trim();
      // SPEC §5: nobody is invited twice, and nobody who already has the album.
      if (await isAlbumUserEmail(db, album, email))
        throw new AppError(409, 'ALREADY_MEMBER', 'This person already has access to the album');
      if (await hasPendingInvitation(db, album.id, email))
        throw new AppError(409, 'ALREADY_INVITED', 'This person is already invited');

      const invitation = await insertInvitation(db, { albumId: album.id, email, inviterId: inviter.id });
      const mail = invitationMail({
        to: email,
        albumLanguage: album.language,
        albumTitle: album.title,
        inviterEmail: inviter.email,
        acceptUrl: acceptUrl(app.ctx.config.publicUrl, invitation.token),
      });
      try {
        await mails.send(mail);
      } catch (error) {
        // An invitation nobody was told about would only block inviting the same person again.
        await deleteInvitation(db, invitation.id);
        throw error;
      }
      return reply.status(201).send({
        ...toInvitation({
          ...invitation,
          inviterEmail: inviter.email,
          albumTitle: album.title,
          albumLanguage: album.language,
          albumOwnerIdentifier: album.ownerIdentifier,
        }),
        accept_url: acceptUrl(app.ctx.config.publicUrl, invitation.token),
      });
    },
  );

  app.delete(
    '/invitations/:id',
    {
      schema: {
        tags: ['invitations'],
        params: uuidParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const invitation = await findInvitationById(db, request.params.id);
      // Accepted invitations are no longer pending: there is nothing left to cancel (SPEC §4).
      if (!invitation || invitation.acceptedAt) throw invitationNotFound();
      const found = await findAlbumHeaderFor(db, invitation.albumId, principal);
      if (!found) throw invitationNotFound();
      requireManager(principal, found);
      await deleteInvitation(db, invitation.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/albums/:id/associations',
    {
      schema: {
        tags: ['invitations'],
        params: albumParams,
        response: { 200: associationListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await loadAlbum(requirePrincipal(request), request.params.id);
      const album = found.album;
      const [owner, members] = await Promise.all([
        findAlbumOwner(db, album.ownerIdentifier),
        listMembers(db, album.id),
      ]);
      return {
        associations: [
          {
            // A guest's album has no owner account: the association still says who owns it.
            id: associationId(album.id, owner?.userId ?? 'owner'),
            owner: true,
            user: { email: owner?.email ?? null, picture: owner?.picture ?? null },
          },
          ...members.map((member) => ({
            id: associationId(album.id, member.userId),
            owner: false,
            user: { email: member.email, picture: member.picture },
          })),
        ],
      };
    },
  );

  app.delete(
    '/associations/:id',
    {
      schema: {
        tags: ['invitations'],
        params: associationParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const parsed = parseAssociationId(request.params.id);
      if (!parsed) throw notFound('Association');
      const found = await loadAlbum(principal, parsed.albumId);
      // A member may leave (delete their own association); only the owner and admins remove others.
      const own = principal.kind === 'user' && principal.id === parsed.userId;
      if (!own) requireManager(principal, found);
      // SPEC §6: the owner removes non-owner members; the owner is not a member and cannot be removed.
      if (found.album.ownerIdentifier === parsed.userId) {
        if (own)
          throw new AppError(
            409,
            'OWNER_CANNOT_LEAVE',
            'The owner cannot leave their own album; delete it instead',
          );
        throw new AppError(409, 'CANNOT_REMOVE_OWNER', 'The owner cannot be removed from the album');
      }
      if (!(await removeMember(db, found.album.id, parsed.userId))) throw notFound('Association');
      await revokeAlbumAccess(app.realtime, found.album.id, parsed.userId).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not disconnect the editors of a removed member'),
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/public/invitations/:token',
    {
      config: { rateLimit: publicRateLimit },
      schema: {
        tags: ['invitations'],
        params: tokenParams,
        response: { 200: publicInvitationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const invitation = await findInvitationByToken(db, request.params.token);
      if (!invitation) throw invitationNotFound();
      return { ...toInvitation(invitation), accepted: invitation.acceptedAt !== null };
    },
  );

  /**
   * Any signed-in holder of the link may accept, once: the invitee may well sign up under another address than
   * the one the owner typed. After that the link opens the album only for whoever accepted it and still is a
   * member (a removed member cannot come back through an old link). Accepting again is harmless.
   */
  app.post(
    '/invitations/:token/confirm',
    {
      config: { rateLimit: publicRateLimit },
      schema: {
        tags: ['invitations'],
        params: tokenParams,
        response: { 200: acceptedInvitationSchema, ...errorResponses, 410: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const invitation = await findInvitationByToken(db, request.params.token);
      if (!invitation) throw invitationNotFound();
      const albumId = invitation.albumId;
      const answer = { album_id: albumId };
      // The owner following their own link keeps it unused for the invitee.
      if (invitation.albumOwnerIdentifier === user.id) return answer;
      if (!invitation.acceptedAt && (await acceptInvitation(db, invitation, user.id))) return answer;
      if (await isMember(db, albumId, user.id)) return answer;
      throw new AppError(410, 'INVITATION_USED', 'This invitation has already been accepted');
    },
  );
};
