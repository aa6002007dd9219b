import { api, endServerSession, startUserSession, type UserTokens } from '../../api/client.ts';
import { clearSession } from '../../auth/session.ts';
import { navigateTo } from '../../app/navigation.ts';
import { queryClient } from '../../app/queryClient.ts';
import { notify, notifyError } from '../../ui/notify.ts';
import i18n from 'i18next';
import { completeGuestMigration, keepGuestForMigration } from './guestMigration.ts';

export interface Credentials {
  email: string;
  password: string;
  nickname?: string;
}

async function signIn(path: '/auth/login' | '/auth/signup', body: Credentials): Promise<void> {
  await keepGuestForMigration();
  const tokens = await api.post<UserTokens>(path, body, { anonymous: true });
  await migrateGuestAlbums(tokens.access_token);
  queryClient.clear();
  startUserSession(tokens);
}

/** A failed migration must not undo the login: the user is told, the albums stay with the guest id. */
export async function migrateGuestAlbums(userAccessToken?: string): Promise<void> {
  try {
    const migrated = await completeGuestMigration(userAccessToken);
    if (migrated.length) notify.success(i18n.t('auth.migrated', { count: migrated.length }));
  } catch (error) {
    notifyError(error);
  }
}

export const logIn = (credentials: Credentials) => signIn('/auth/login', credentials);
export const signUp = (credentials: Credentials) => signIn('/auth/signup', credentials);

export function logOut(): void {
  endServerSession();
  clearSession();
  queryClient.clear();
  navigateTo('/login');
}
