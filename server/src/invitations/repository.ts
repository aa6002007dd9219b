import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { albumInvitations, albumMembers, albums, users } from '../db/schema.ts';

export type InvitationRow = typeof albumInvitations.$inferSelect;

/** 192 random bits as 32 base64url characters: the token alone opens the album to whoever holds it. */
const newInvitationToken = () => randomBytes(24).toString('base64url');

/** An invitation with what the web shows about it (SPEC §3 Invitation). */
export interface InvitationDetails extends InvitationRow {
  inviterEmail: string | null;
  albumTitle: string;
  albumLanguage: string;
  albumOwnerIdentifier: string;
}

const details = {
  invitation: albumInvitations,
  inviterEmail: users.email,
  albumTitle: albums.title,
  albumLanguage: albums.language,
  albumOwnerIdentifier: albums.ownerIdentifier,
};

function flatten({
  invitation,
  ...rest
}: { invitation: InvitationRow } & Omit<InvitationDetails, keyof InvitationRow>): InvitationDetails {
  return { ...invitation, ...rest };
}

/** SPEC §4: the album's invitations that are still pending (not accepted; cancelled ones are deleted). */
export async function listPendingInvitations(db: Db, albumId: string): Promise<InvitationDetails[]> {
  const rows = await db
    .select(details)
    .from(albumInvitations)
    .innerJoin(albums, eq(albums.id, albumInvitations.albumId))
    .leftJoin(users, eq(users.id, albumInvitations.inviterId))
    .where(and(eq(albumInvitations.albumId, albumId), isNull(albumInvitations.acceptedAt)))
    .orderBy(asc(albumInvitations.createdAt));
  return rows.map(flatten);
}

/** Invitations to this address still waiting for an answer, newest first (the invitee's start page). */
export async function listPendingInvitationsFor(db: Db, email: string): Promise<InvitationDetails[]> {
  const rows = await db
    .select(details)
    .from(albumInvitations)
    .innerJoin(albums, eq(albums.id, albumInvitations.albumId))
    .leftJoin(users, eq(users.id, albumInvitations.inviterId))
    .where(
      and(
        isNull(albumInvitations.acceptedAt),
        sql`lower(${albumInvitations.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(albumInvitations.createdAt))
    .limit(50);
  return rows.map(flatten);
}

export async function findInvitationById(db: Db, id: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(albumInvitations).where(eq(albumInvitations.id, id));
  return row;
}

export async function findInvitationByToken(db: Db, token: string): Promise<InvitationDetails | undefined> {
  const [row] = await db
    .select(details)
    .from(albumInvitations)
    .innerJoin(albums, eq(albums.id, albumInvitations.albumId))
    .leftJoin(users, eq(users.id, albumInvitations.inviterId))
    .where(eq(albumInvitations.token, token));
  return row && flatten(row);
}

/** Whether an invitation to `email` for the album waits for an answer (addresses compare case-insensitively). */
export async function hasPendingInvitation(db: Db, albumId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: albumInvitations.id })
    .from(albumInvitations)
    .where(
      and(
        eq(albumInvitations.albumId, albumId),
        isNull(albumInvitations.acceptedAt),
        sql`lower(${albumInvitations.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertInvitation(
  db: Db,
  values: { albumId: string; email: string; inviterId: string | null },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(albumInvitations)
    .values({ ...values, token: newInvitationToken() })
    .returning();
  return row;
}

export async function deleteInvitation(db: Db, id: string): Promise<void> {
  await db.delete(albumInvitations).where(eq(albumInvitations.id, id));
}

/**
 * Accepts a pending invitation for `userId`: marks it accepted by them and makes them a member, in one
 * transaction. Returns false when someone else accepted it first (the caller answers 404: the token is used up).
 */
export async function acceptInvitation(db: Db, invitation: InvitationRow, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(albumInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: userId })
      .where(and(eq(albumInvitations.id, invitation.id), isNull(albumInvitations.acceptedAt)))
      .returning({ id: albumInvitations.id });
    if (claimed.length === 0) return false;
    await tx.insert(albumMembers).values({ albumId: invitation.albumId, userId }).onConflictDoNothing();
    return true;
  });
}

export async function isMember(db: Db, albumId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: albumMembers.userId })
    .from(albumMembers)
    .where(and(eq(albumMembers.albumId, albumId), eq(albumMembers.userId, userId)));
  return row !== undefined;
}

/** A user of the album: the owner (no row in album_members) or a member. */
export interface AlbumUser {
  userId: string;
  email: string;
  picture: string | null;
}

/** The owner's account, or undefined for a guest's album (the owner identifier is then 'guest:<id>'). */
export async function findAlbumOwner(db: Db, ownerIdentifier: string): Promise<AlbumUser | undefined> {
  if (ownerIdentifier.startsWith('guest:')) return undefined;
  const [row] = await db
    .select({ userId: users.id, email: users.email, picture: users.picture })
    .from(users)
    .where(eq(users.id, ownerIdentifier));
  return row;
}

/** The album's members, longest-standing first. */
export async function listMembers(db: Db, albumId: string): Promise<AlbumUser[]> {
  return db
    .select({ userId: users.id, email: users.email, picture: users.picture })
    .from(albumMembers)
    .innerJoin(users, eq(users.id, albumMembers.userId))
    .where(eq(albumMembers.albumId, albumId))
    .orderBy(asc(albumMembers.createdAt), asc(users.email));
}

/** Whether the owner or a member of the album has this e-mail address. */
export async function isAlbumUserEmail(
  db: Db,
  album: { id: string; ownerIdentifier: string },
  email: string,
): Promise<boolean> {
  const lower = email.toLowerCase();
  const owner = await findAlbumOwner(db, album.ownerIdentifier);
  if (owner?.email.toLowerCase() === lower) return true;
  const [member] = await db
    .select({ userId: albumMembers.userId })
    .from(albumMembers)
    .innerJoin(users, eq(users.id, albumMembers.userId))
    .where(and(eq(albumMembers.albumId, album.id), sql`lower(${users.email}) = ${lower}`))
    .limit(1);
  return member !== undefined;
}

export async function removeMember(db: Db, albumId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(albumMembers)
    .where(and(eq(albumMembers.albumId, albumId), eq(albumMembers.userId, userId)))
    .returning({ userId: albumMembers.userId });
  return removed.length > 0;
}
