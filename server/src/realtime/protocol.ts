/**
 * The realtime wire protocol (docs/realtime.md is the reference for third-party clients; keep them in step).
 * Event names are SPEC §7's: the client emits `mutations` and `selection`; the server emits `mutations`,
 * `selection`, `user_left`, `merge_error`, `connection_error`, `album_locked` and `sticker_uploads_changed` (`connect_error` is socket.io's own event for a
 * refused handshake).
 */
import type { ApiErrorCode, ApiErrorCodeSubset } from '@stickerbook/api';
import type { Patch } from '@stickerbook/model';
import type { Principal } from '../auth/access-tokens.ts';

export const SOCKET_PATH = '/socket.io';
export const albumRoom = (albumId: string) => `album:${albumId}`;

export interface PresenceUser {
  /** User id, or `guest:<id>` for a guest. */
  id: string;
  email: string | null;
  picture: string | null;
  name: string | null;
}

/** What other people see of one connection: who, in which colour, with what selected. */
interface PresencePayload {
  socketId: string;
  user: PresenceUser;
  /** A random `hsla(...)` colour, fixed for the connection. */
  color: string;
  ids: string[];
}

interface BroadcastMutation {
  patches: Patch[];
  version: number;
  clientId: string;
  mutationId: string;
  userId: string;
}

export type MutationAck =
  | { ok: true; version: number; duplicate: boolean }
  | { ok: false; error: { code: ApiErrorCode; message: string; path?: string; retryable: boolean } };

interface MergeErrorPayload {
  mutationId: string | null;
  code: ApiErrorCode;
  message: string;
  path?: string;
}

interface ConnectionErrorPayload {
  code: ApiErrorCodeSubset<'ACCESS_LOST' | 'SERVER_SHUTDOWN' | 'INVALID_PAYLOAD'>;
  message: string;
}

export interface ClientToServerEvents {
  mutations: (payload: unknown, ack?: (answer: MutationAck) => void) => void;
  selection: (payload: unknown) => void;
}

export interface ServerToClientEvents {
  mutations: (payload: BroadcastMutation) => void;
  selection: (payload: PresencePayload) => void;
  user_left: (payload: { socketId: string; userId: string }) => void;
  merge_error: (payload: MergeErrorPayload) => void;
  connection_error: (payload: ConnectionErrorPayload) => void;
  /** Issue 13: print approval locked the album, or feedback unlocked it; editors switch to or from preview. */
  album_locked: (payload: { locked: boolean }) => void;
  /**
   * Issue 22 item 9: a sticker link upload of the album arrived, changed or had its photo processed; the sticker
   * link panel reads GET /albums/:id/sticker_uploads again (the event itself carries nothing of the upload).
   */
  sticker_uploads_changed: (payload: { albumId: string }) => void;
}

/**
 * Between instances (Redis adapter): a lock change, so every instance's sync cache knows it at once; a deleted
 * account, so no instance accepts its access tokens any longer (auth/live-accounts.ts).
 */
export interface InterServerEvents {
  album_locked: (payload: { albumId: string; locked: boolean }) => void;
  account_deleted: (payload: { userId: string }) => void;
}

export interface SocketData {
  albumId: string;
  principal: Principal;
  presence: PresencePayload;
}

/** `connect_error` codes, in `error.data.code` (and `error.message`) on the client. */
export type HandshakeErrorCode = ApiErrorCodeSubset<
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'SERVER_ERROR'
  /** The instance is shutting down: try again shortly (another instance, or this one's successor, answers). */
  | 'SERVER_SHUTDOWN'
>;
