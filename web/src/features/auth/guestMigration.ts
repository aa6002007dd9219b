import type { GuestMigrationBody, MigratedAlbumsView } from '@stickerbook/api';
import { api, freshSession } from '../../api/client.ts';
import { getSession } from '../../auth/session.ts';

/**
 * SPEC §4: the guest id is kept in session storage while the guest logs in or signs up; afterwards
 * their albums are migrated to the account and the guest credentials are dropped.
 */
const PENDING_KEY = 'stickerbook.pendingGuestMigration';

interface PendingMigration {
  guestId: string;
  accessToken: string;
}

/** Call before login/sign-up/OIDC: keeps a fresh guest token aside, because the login replaces the session. */
export async function keepGuestForMigration(): Promise<void> {
  const session = getSession().kind === 'guest' ? await freshSession() : getSession();
  if (session.kind !== 'guest' || !session.accessToken) return;
  const pending: PendingMigration = { guestId: session.guestId, accessToken: session.accessToken };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
}

let running: Promise<string[]> | null = null;

/**
 * Runs as the signed-in user (the session's token, or `userAccessToken` right after login, before the
 * session switches, so no screen sees the account without its albums). Returns the migrated album ids.
 */
export function completeGuestMigration(userAccessToken?: string): Promise<string[]> {
  running ??= migrate(userAccessToken).finally(() => {
    running = null;
  });
  return running;
}

async function migrate(userAccessToken?: string): Promise<string[]> {
  const raw = sessionStorage.getItem(PENDING_KEY);
  if (!raw) return [];
  const pending = JSON.parse(raw) as PendingMigration;
  const result = await api.post<MigratedAlbumsView>(
    '/guest_user_migrations',
    {
      guest_user_identifier: pending.guestId,
      guest_access_token: pending.accessToken,
    } satisfies GuestMigrationBody,
    { accessToken: userAccessToken },
  );
  sessionStorage.removeItem(PENDING_KEY);
  return result.migrated_album_ids ?? [];
}
