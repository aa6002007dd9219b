/** SPEC §3 invitations and associations: who is invited to an album, who works on it, and accepting an invitation. */
import { z } from 'zod';

/** SPEC §3 Invitation. */
const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  inviter_email: z.string().nullable(),
  album_id: z.string(),
  album_title: z.string(),
});

export const publicInvitationSchema = invitationSchema.extend({ accepted: z.boolean() });

/**
 * What the owner sees of a pending invitation: with its accept link, to pass on by hand when no mail server is
 * set up (SMTP_URL unset keeps mails in the outbox) or the mail got lost.
 */
export const managedInvitationSchema = invitationSchema.extend({ accept_url: z.string().optional() });

/** An invitation to the signed-in user's address, with the token to accept it on the start page. */
const myInvitationSchema = invitationSchema.extend({ token: z.string() });

/** SPEC §3 Association: the owner or a member, with the user's e-mail and picture. */
const associationSchema = z.object({
  id: z.string(),
  owner: z.boolean(),
  user: z.object({ email: z.string().nullable(), picture: z.string().nullable() }),
});

/** POST /albums/{id}/invitations. */
export const inviteBodySchema = z.strictObject({
  email: z.email('Must be an e-mail address').max(254),
});

/** GET /albums/{id}/invitations. */
export const managedInvitationListSchema = z.object({ invitations: z.array(managedInvitationSchema) });

/** GET /invitations/pending: invitations to the signed-in user's address. */
export const pendingInvitationsSchema = z.object({
  invitations: z.array(myInvitationSchema),
  verification_required: z.boolean(),
  waiting: z.number().int(),
});

/** GET /albums/{id}/associations. */
export const associationListSchema = z.object({ associations: z.array(associationSchema) });

/** Accepting an invitation: the album it opens. */
export const acceptedInvitationSchema = z.object({ album_id: z.string() });

export type InvitationView = z.infer<typeof managedInvitationSchema>;
export type PublicInvitationView = z.infer<typeof publicInvitationSchema>;
export type AssociationView = z.infer<typeof associationSchema>;
export type ManagedInvitationListView = z.infer<typeof managedInvitationListSchema>;
export type PendingInvitationsView = z.infer<typeof pendingInvitationsSchema>;
export type AssociationListView = z.infer<typeof associationListSchema>;
export type AcceptedInvitationView = z.infer<typeof acceptedInvitationSchema>;
