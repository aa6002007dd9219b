/**
 * "Delete account" (GDPR Art. 17, issue 24), by the user (DELETE /users/me) or an admin (DELETE
 * /admin/users/{id}). In one transaction:
 *
 * - the user's albums go with their images, sticker link uploads and exports; an album shared with others is
 *   handed over to one of its members instead when the caller says so (`hand_over`), else deleted too: every
 *   shared album needs a decision, so nobody loses an album they work on without being asked;
 * - memberships, invitations to the user's address, organizations, support messages, analytics events, data
 *   exports and every refresh token go;
 * - orders and invoices stay for the retention period with nothing else of the person (orders/actions/
 *   forget-customer.ts): the invoice's name and address, the PDF untouched;
 * - the account row goes, so nothing can log in as it again.
 *
 * After the commit the account is logged out everywhere: no instance accepts its access tokens any more and its
 * open editors are disconnected (realtime/index.ts `closeAccountEverywhere`), and the files follow in the file
 * cleanup job.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { LiveAccounts } from '../auth/live-accounts.ts';
import type { Database } from '../db/database.ts';
import {
  albumInvitations,
  albumMembers,
  albums,
  analyticsEvents,
  dataExports,
  organizations,
  refreshTokens,
  supportMessages,
  users,
} from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { collectAlbumFiles, mergeFiles, type FileCleanupJob } from '../images/file-cleanup.ts';
import { forgetCustomer } from '../orders/actions/forget-customer.ts';
import { closeAccountEverywhere, closeAlbumEverywhere, type Realtime } from '../realtime/index.ts';

interface SharedAlbum {
  id: string;
  title: string;
  members: Array<{ id: string; email: string; nickname: string | null }>;
}

export interface DeletionPlan {
  /** How the deletion is confirmed: the password of a built-in account, else the account's e-mail address. */
  confirm_with: 'password' | 'email';
  shared_albums: SharedAlbum[];
}

export type SharedAlbumDecision =
  { album_id: string; action: 'delete' } | { album_id: string; action: 'hand_over'; new_owner_id: string };

/** What the deletion will ask: how to confirm, and the albums shared with others that need a decision. */
export async function deletionPlan(database: Database, userId: string): Promise<DeletionPlan> {
  const db = database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  const rows = await db
    .select({
      albumId: albums.id,
      title: albums.title,
      memberId: users.id,
      email: users.email,
      nickname: users.nickname,
    })
    .from(albums)
    .innerJoin(albumMembers, eq(albumMembers.albumId, albums.id))
    .innerJoin(users, eq(users.id, albumMembers.userId))
    .where(eq(albums.ownerIdentifier, userId))
    .orderBy(albums.createdAt, albumMembers.createdAt);
  const shared = new Map<string, SharedAlbum>();
  for (const row of rows) {
    const album = shared.get(row.albumId) ?? { id: row.albumId, title: row.title, members: [] };
    album.members.push({ id: row.memberId, email: row.email, nickname: row.nickname });
    shared.set(row.albumId, album);
  }
  return { confirm_with: user.passwordHash ? 'password' : 'email', shared_albums: [...shared.values()] };
}

export interface DeleteAccountDeps {
  database: Database;
  realtime: Realtime;
  accounts: LiveAccounts;
  /** Queues the file cleanup of what the deletion took with it (images/service.ts `scheduleFileCleanup`). */
  cleanUpFiles: (files: FileCleanupJob) => Promise<void>;
}

/** Deletes the account as the module comment says; `by` is the user or the admin who asked. */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  input: { userId: string; by: string; sharedAlbums: readonly SharedAlbumDecision[] },
): Promise<void> {
  const { database } = deps;
  const db = database.db;
  const plan = await deletionPlan(database, input.userId);
  const decisions = checkDecisions(plan, input.sharedAlbums);
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw notFound('User');

  const own = await db.select({ id: albums.id }).from(albums).where(eq(albums.ownerIdentifier, input.userId));
  const handedOver = new Map(
    [...decisions].flatMap(([albumId, decision]) =>
      decision.action === 'hand_over' ? [[albumId, decision.new_owner_id] as const] : [],
    ),
  );
  const doomed = own.map((album) => album.id).filter((id) => !handedOver.has(id));
  // Read before the rows go (images/file-cleanup.ts): the files of every album that is deleted.
  const files = mergeFiles(...(await Promise.all(doomed.map((id) => collectAlbumFiles(database, id)))));
  const exportFiles = await db
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(eq(dataExports.userId, input.userId));

  await db.transaction(async (tx) => {
    for (const [albumId, newOwner] of handedOver) {
      // The organization was the leaving owner's and goes with the account.
      await tx
        .update(albums)
        .set({ ownerIdentifier: newOwner, organizationId: null })
        .where(and(eq(albums.id, albumId), eq(albums.ownerIdentifier, input.userId)));
      await tx
        .delete(albumMembers)
        .where(and(eq(albumMembers.albumId, albumId), eq(albumMembers.userId, newOwner)));
    }
    if (doomed.length > 0) await tx.delete(albums).where(inArray(albums.id, doomed));
    await tx.delete(albumInvitations).where(eq(albumInvitations.email, user.email));
    await tx.delete(organizations).where(eq(organizations.ownerIdentifier, input.userId));
    await tx.delete(supportMessages).where(eq(supportMessages.userId, input.userId));
    await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, input.userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.subject, input.userId));
    await forgetCustomer(tx, { userId: input.userId, by: input.by });
    // Memberships and data exports cascade; orders, timelines and comments keep their rows without the account.
    await tx.delete(users).where(eq(users.id, input.userId));
  });

  deps.accounts.forget(input.userId);
  await closeAccountEverywhere(deps.realtime, input.userId);
  for (const albumId of doomed) closeAlbumEverywhere(deps.realtime, albumId);
  await deps.cleanUpFiles(
    mergeFiles(files, { blobIds: [], keys: exportFiles.flatMap((row) => (row.key ? [row.key] : [])) }),
  );
}

/** Every shared album needs one decision, and a new owner must be one of that album's members. */
function checkDecisions(
  plan: DeletionPlan,
  given: readonly SharedAlbumDecision[],
): Map<string, SharedAlbumDecision> {
  const decisions = new Map<string, SharedAlbumDecision>();
  for (const decision of given) {
    const album = plan.shared_albums.find((shared) => shared.id === decision.album_id);
    if (!album || decisions.has(decision.album_id))
      throw new AppError(
        422,
        'SHARED_ALBUM_UNKNOWN',
        'Not one of your albums shared with others, or named twice',
      );
    if (
      decision.action === 'hand_over' &&
      !album.members.some((member) => member.id === decision.new_owner_id)
    )
      throw new AppError(422, 'NEW_OWNER_NOT_MEMBER', 'The new owner must be a member of the album');
    decisions.set(decision.album_id, decision);
  }
  const missing = plan.shared_albums.filter((album) => !decisions.has(album.id));
  if (missing.length > 0)
    throw new AppError(
      409,
      'SHARED_ALBUMS_NEED_DECISION',
      'Say for each album shared with others whether it is handed over or deleted',
      { album_ids: missing.map((album) => album.id) },
    );
  return decisions;
}
