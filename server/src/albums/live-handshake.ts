/**
 * Who is connecting, to which album (docs/realtime.md "Connecting"): `albumId` in the handshake query, the access
 * token (user or guest JWT) in `auth.token` or an `Authorization: Bearer` header. Anyone who may not see the album
 * gets NOT_FOUND, as on the HTTP API, so ids don't leak. Only access tokens are accepted: preview-link and render
 * tokens can never open a socket, so they can never write.
 */
import type { Socket } from 'socket.io';
import { isValidId } from '@stickerbook/model';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { ownerIdentifierOf } from '../auth/access-tokens.ts';
import type { LiveAccounts } from '../auth/live-accounts.ts';
import type { Db } from '../db/database.ts';
import { findAlbumHeaderFor } from '../album-store/albums.ts';
import { findUserById } from '../users/repository.ts';
import type { HandshakeResult } from '../realtime/index.ts';
import type { PresenceUser } from '../realtime/protocol.ts';

type Handshake = Socket['handshake'];

function tokenOf(handshake: Handshake): string | undefined {
  const fromAuth = (handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth.length > 0) return fromAuth.replace(/^Bearer\s+/i, '');
  const header = handshake.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

export async function authenticateHandshake(
  handshake: Handshake,
  db: Db,
  tokens: AccessTokens,
  accounts: LiveAccounts,
): Promise<HandshakeResult> {
  const albumId = handshake.query.albumId;
  if (typeof albumId !== 'string' || !isValidId(albumId)) {
    return { error: { code: 'VALIDATION_FAILED', message: 'albumId is missing from the query' } };
  }
  const token = tokenOf(handshake);
  const principal = token ? await tokens.verify(token) : null;
  // A deleted account's token is refused like any invalid one (issue 24: logged out everywhere).
  if (!principal || (principal.kind === 'user' && !(await accounts.exists(principal.id))))
    return { error: { code: 'UNAUTHORIZED', message: 'A valid access token is required' } };
  const found = await findAlbumHeaderFor(db, albumId, principal);
  if (!found) return { error: { code: 'NOT_FOUND', message: 'Album not found' } };

  let user: PresenceUser = { id: ownerIdentifierOf(principal), email: null, picture: null, name: null };
  if (principal.kind === 'user') {
    const row = await findUserById(db, principal.id);
    user = {
      id: principal.id,
      email: row?.email ?? principal.email,
      picture: row?.picture ?? null,
      name: row?.nickname ?? null,
    };
  }
  return { albumId, principal, user };
}
