/**
 * The wire side of sync (docs/realtime.md): a socket.io connection to /socket.io with the album id in the query
 * and a fresh access token in `auth` on every (re)connect, plus the HTTP calls used to catch up.
 * `AlbumSync` only sees the `SyncTransport` interface, so its tests run against a fake server.
 */
import type { MutationLogView } from '@stickerbook/api';
import type { AlbumDocument, Patch } from '@stickerbook/model';
import { io, type Socket } from 'socket.io-client';
import { api, freshSession } from '../api/client.ts';
import type { Album } from '../api/types.ts';

export interface RemoteUser {
  socketId: string;
  user: { id: string; email: string | null; picture: string | null; name: string | null };
  color: string;
  ids: string[];
}

/** A logged change as GET /albums/{id}/mutations lists it, its patches as the model's. */
export type RemoteMutation = Omit<MutationLogView['mutations'][number], 'patches'> & { patches: Patch[] };

export type MutationAck =
  | { ok: true; version: number; duplicate: boolean }
  | { ok: false; error: { code: string; message: string; retryable: boolean } };

export interface TransportEvents {
  connect(): void;
  disconnect(reason: string): void;
  /** The handshake was refused (UNAUTHORIZED, NOT_FOUND, ...) or the server is unreachable. */
  connectError(code: string): void;
  mutations(mutation: RemoteMutation): void;
  selection(user: RemoteUser): void;
  userLeft(socketId: string): void;
  mergeError(error: { mutationId: string | null; code: string; message: string }): void;
  connectionError(error: { code: string; message: string }): void;
  /** Print approval locked the album, or feedback unlocked it (server `album_locked`, SPEC §4 Album lock). */
  albumLocked(locked: boolean): void;
  /** A sticker link upload of the album arrived or changed (server `sticker_uploads_changed`, issue 22 item 9). */
  stickerUploadsChanged(): void;
}

export interface SyncTransport {
  start(events: TransportEvents): void;
  send(mutation: {
    patches: Patch[];
    version: number;
    clientId: string;
    mutationId: string;
  }): Promise<MutationAck>;
  sendSelection(ids: readonly string[]): void;
  loadAlbum(): Promise<{ doc: AlbumDocument; version: number; locked: boolean }>;
  /**
   * The mutation log after `version`, with the album's lock, or undefined when it cannot close the gap (then:
   * reload).
   */
  mutationsSince(
    version: number,
  ): Promise<{ version: number; locked: boolean; mutations: RemoteMutation[] } | undefined>;
  stop(): void;
}

/** How long to wait for an acknowledgement before treating the mutation as not delivered (it is re-sent). */
const ACK_TIMEOUT_MS = 15_000;

export function socketTransport(albumId: string, baseUrl = ''): SyncTransport {
  let socket: Socket | undefined;
  /** 1-2 s, spread so the editors of a restarting instance do not all come back in the same instant. */
  const reconnectSoon = () => setTimeout(() => socket?.connect(), 1_000 + Math.random() * 1_000);
  return {
    start(events) {
      socket = io(baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        query: { albumId },
        // A function, so every reconnect presents a fresh (refreshed) token.
        auth: (callback) => {
          void freshSession(true).then((session) =>
            callback({ token: session.kind === 'none' ? '' : (session.accessToken ?? '') }),
          );
        },
        reconnectionDelay: 500,
        reconnectionDelayMax: 5_000,
      });
      socket.on('connect', () => events.connect());
      socket.on('disconnect', (reason) => {
        events.disconnect(reason);
        // The server closed us (shutdown, access check): socket.io does not retry that on its own.
        if (reason === 'io server disconnect') reconnectSoon();
      });
      socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
        const code = error.data?.code ?? 'NETWORK_ERROR';
        events.connectError(code);
        // An instance that is shutting down refuses the handshake; socket.io does not retry a refusal, but this
        // one passes: another instance, or the restarted one, takes us (the outbox is sent again on connect).
        if (code === 'SERVER_SHUTDOWN') reconnectSoon();
      });
      socket.on('mutations', (payload: RemoteMutation) => events.mutations(payload));
      socket.on('selection', (payload: RemoteUser) => events.selection(payload));
      socket.on('user_left', (payload: { socketId: string }) => events.userLeft(payload.socketId));
      socket.on('merge_error', (payload: { mutationId: string | null; code: string; message: string }) =>
        events.mergeError(payload),
      );
      socket.on('connection_error', (payload: { code: string; message: string }) =>
        events.connectionError(payload),
      );
      socket.on('album_locked', (payload: { locked?: unknown }) => {
        if (typeof payload?.locked === 'boolean') events.albumLocked(payload.locked);
      });
      socket.on('sticker_uploads_changed', () => events.stickerUploadsChanged());
    },
    async send(mutation) {
      if (!socket?.connected) throw new Error('offline');
      return (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('mutations', mutation)) as MutationAck;
    },
    sendSelection(ids) {
      if (socket?.connected) socket.emit('selection', { ids });
    },
    async loadAlbum() {
      const album = await api.get<Album>(`/albums/${albumId}`);
      return { doc: album.workspace, version: album.version, locked: album.locked };
    },
    async mutationsSince(version) {
      const log = await api.get<Omit<MutationLogView, 'mutations'> & { mutations: RemoteMutation[] }>(
        `/albums/${albumId}/mutations?since=${version}`,
      );
      // PATCH /albums changes the document without a log entry, and the log is paged: both leave a gap.
      const contiguous = log.mutations.every((m, i) => m.version === version + i + 1);
      const complete = (log.mutations.at(-1)?.version ?? version) === log.version;
      return contiguous && complete ? log : undefined;
    },
    stop() {
      socket?.close();
      socket = undefined;
    },
  };
}
