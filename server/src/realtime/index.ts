/**
 * Realtime (DESIGN.md "Server"; SPEC §7): socket.io on the app's own HTTP server at /socket.io, WebSocket
 * transport only (no sticky sessions behind a load balancer), one room per album. With REDIS_URL the Redis
 * adapter fans room events out across instances. docs/realtime.md documents the protocol.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { isValidId, type AlbumDocument, type Patch } from '@stickerbook/model';
import { ownerIdentifierOf, type Principal } from '../auth/access-tokens.ts';
import { parseMutationPayload, type MutationPayload, type SubmitResult } from './mutation-payload.ts';
import { onStickerUploadsChanged } from './sticker-upload-news.ts';
import {
  albumRoom,
  SOCKET_PATH,
  type ClientToServerEvents,
  type HandshakeErrorCode,
  type InterServerEvents,
  type MutationAck,
  type PresenceUser,
  type ServerToClientEvents,
  type SocketData,
} from './protocol.ts';

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type AlbumSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * The album document's write path (albums/sync-service.ts `AlbumSyncService`). The assembly (app.ts) hands it in
 * with the other album parts below: realtime knows sockets, rooms and the wire protocol, never how an album is
 * stored or who may open it, so this floor imports no feature.
 */
export interface AlbumSync {
  submit(albumId: string, principal: Principal, payload: MutationPayload): Promise<SubmitResult>;
  /** The album's document and version as this instance has it, loading it when it is not cached. */
  current(albumId: string): Promise<{ doc: AlbumDocument; version: number } | undefined>;
  setLocked(albumId: string, locked: boolean): void;
  /** The last editor on this instance left: fold and forget the album. */
  release(albumId: string): Promise<void>;
  close(): Promise<void>;
}

export type HandshakeResult =
  | { albumId: string; principal: Principal; user: PresenceUser }
  | { error: { code: HandshakeErrorCode; message: string } };

/** What realtime needs of the album features (app.ts wires them). */
export interface RealtimeParts {
  sync: AlbumSync;
  /** Who connects to which album, or why not (albums/live-handshake.ts). */
  authenticate(handshake: Socket['handshake']): Promise<HandshakeResult>;
}

export interface Realtime {
  io: RealtimeServer;
  sync: AlbumSync;
  /** True with the Redis adapter: other instances exist and hear server-side events. */
  scaledOut: boolean;
  /** The adapter's Redis connection, with REDIS_URL (GET /ready asks it). */
  redis?: { ping(): Promise<unknown> };
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const MAX_SELECTION_IDS = 1_000;
const MAX_PRESENCE_ON_JOIN = 100;
/** Same limit as JSON bodies (app.ts): a mutation is far smaller. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

/** Attaches socket.io to `app.server` and decorates `app.realtime`; call once, before the routes. */
export async function attachRealtime(app: FastifyInstance, parts: RealtimeParts): Promise<Realtime> {
  const { config, accounts } = app.ctx;
  const { sync, authenticate } = parts;
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
  });
  const realtime: Realtime = { io, sync, scaledOut: Boolean(config.redisUrl) };
  app.decorate('realtime', realtime);

  const redisClients: Array<{ quit(): Promise<unknown> }> = [];
  if (config.redisUrl) {
    // Loaded only when scaled out: a single instance never needs the Redis client.
    const [{ createClient }, { createAdapter }] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-adapter'),
    ]);
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error: Error) => app.log.error({ err: error }, 'redis error'));
      redisClients.push(client);
    }
    await Promise.all([pub.connect(), sub.connect()]);
    realtime.redis = pub;
    // redis v5+ client types are stricter than the adapter's declared parameter; the runtime API matches.
    type AdapterClient = Parameters<typeof createAdapter>[0];
    io.adapter(createAdapter(pub as unknown as AdapterClient, sub as unknown as AdapterClient));
  }

  io.use((socket, next) => {
    if (app.ctx.lifecycle.draining) {
      // The web client retries this code (web/src/sync/transport.ts), reaching another instance or our successor.
      const refused = new Error('SERVER_SHUTDOWN') as Error & { data: unknown };
      refused.data = { code: 'SERVER_SHUTDOWN', message: 'The server restarts; reconnecting' };
      return next(refused);
    }
    authenticate(socket.handshake).then(
      (granted) => {
        if ('error' in granted) {
          const error = new Error(granted.error.code) as Error & { data: unknown };
          error.data = granted.error;
          return next(error);
        }
        socket.data.albumId = granted.albumId;
        socket.data.principal = granted.principal;
        socket.data.presence = {
          socketId: socket.id,
          user: granted.user,
          color: randomColor(),
          ids: [],
        };
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'realtime handshake failed');
        const refused = new Error('SERVER_ERROR') as Error & { data: unknown };
        refused.data = { code: 'SERVER_ERROR', message: 'Try again' };
        next(refused);
      },
    );
  });

  io.on('connection', (socket) => void onConnection(app, realtime, socket));
  // Another instance changed a lock (broadcastAlbumLock): its sockets were told through the adapter already.
  io.on('album_locked', ({ albumId, locked }) => sync.setLocked(albumId, locked));
  // Another instance deleted an account (closeAccountEverywhere): its tokens stop working here too.
  io.on('account_deleted', ({ userId }) => accounts.forget(userId));

  // Issue 22 item 9: the sticker link panel of every open editor reads the uploads again as soon as one arrives or
  // its face is found (sticker-upload-news.ts), not at its next 30 s poll. Through Redis to every instance.
  const stopStickerUploadNews = onStickerUploadsChanged((albumId) =>
    io.to(albumRoom(albumId)).emit('sticker_uploads_changed', { albumId }),
  );

  // Close open sockets before Fastify closes the HTTP server, which would otherwise wait for them.
  app.addHook('preClose', async () => {
    stopStickerUploadNews();
    sendEditorsAway(realtime);
    io.engine.close();
    // The stored documents catch up with the log before the database closes (readers do not depend on it).
    await sync.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
  });
  return realtime;
}

/**
 * Issue 24 item 3: the instance is shutting down (SIGTERM, main.ts). Every editor connected here is told
 * `SERVER_SHUTDOWN` and disconnected; the web client reconnects (to another instance behind the load balancer,
 * or to this one's successor) and sends again what was not acknowledged, from its outbox. Acknowledged edits
 * are stored already: an acknowledgement is sent only after the mutation's row is written.
 */
export function sendEditorsAway({ io }: Realtime): void {
  io.local.emit('connection_error', {
    code: 'SERVER_SHUTDOWN',
    message: 'The server restarts; reconnecting',
  });
  io.local.disconnectSockets(true);
}

async function onConnection(app: FastifyInstance, { io, sync }: Realtime, socket: AlbumSocket) {
  const { albumId, principal, presence } = socket.data;
  const room = albumRoom(albumId);
  // Handlers first: socket.io drops events that arrive before a handler exists, and listing the room below
  // waits for the other instances (Redis adapter).
  socket.on('mutations', async (payload, ack) => {
    const reply = (answer: MutationAck) => {
      if (typeof ack === 'function') ack(answer);
    };
    const parsed = parseMutationPayload(payload);
    if (typeof parsed === 'string') {
      const mutationId = (payload as { mutationId?: unknown } | null)?.mutationId;
      socket.emit('merge_error', {
        mutationId: typeof mutationId === 'string' ? mutationId : null,
        code: 'INVALID_PAYLOAD',
        message: parsed,
      });
      return reply({ ok: false, error: { code: 'INVALID_PAYLOAD', message: parsed, retryable: false } });
    }
    let result;
    try {
      result = await sync.submit(albumId, principal, parsed);
    } catch (error) {
      app.log.error({ err: error, albumId }, 'saving a mutation failed');
      result = {
        ok: false,
        code: 'SAVE_FAILED',
        message: 'The album could not be saved; try again',
      } as const;
    }
    if (result.ok) {
      reply({ ok: true, version: result.version, duplicate: result.duplicate });
      if (!result.duplicate) {
        socket.to(room).emit('mutations', {
          patches: result.patches,
          version: result.version,
          clientId: parsed.clientId,
          mutationId: parsed.mutationId,
          userId: presence.user.id,
        });
      }
      return;
    }
    const retryable = result.code === 'SAVE_FAILED';
    reply({ ok: false, error: { code: result.code, message: result.message, path: result.path, retryable } });
    if (retryable) return;
    socket.emit('merge_error', {
      mutationId: parsed.mutationId,
      code: result.code,
      message: result.message,
      path: result.path,
    });
    if (result.code === 'ACCESS_LOST') {
      socket.emit('connection_error', { code: 'ACCESS_LOST', message: result.message });
      socket.disconnect(true);
    }
  });

  socket.on('selection', (payload) => {
    const ids = (payload as { ids?: unknown } | null)?.ids;
    if (!Array.isArray(ids) || ids.length > MAX_SELECTION_IDS || !ids.every(isValidId)) {
      socket.emit('connection_error', {
        code: 'INVALID_PAYLOAD',
        message: 'selection needs { ids: string[] }',
      });
      return;
    }
    presence.ids = ids as string[];
    socket.to(room).emit('selection', presence);
  });

  socket.on('disconnect', () => {
    socket.to(room).emit('user_left', { socketId: socket.id, userId: presence.user.id });
    // Keep the cached document only while someone on this instance edits the album.
    setImmediate(() => {
      if (!io.of('/').adapter.rooms.get(room)?.size) void sync.release(albumId);
    });
  });

  await socket.join(room);
  // Who is here already (on every instance), then tell them about us.
  try {
    const others = await io.in(room).fetchSockets();
    let shown = 0;
    for (const other of others) {
      if (other.id === socket.id) continue;
      // Enough for any avatar row; an album open in thousands of tabs must not flood each newcomer.
      if (++shown > MAX_PRESENCE_ON_JOIN) break;
      socket.emit('selection', other.data.presence);
    }
  } catch (error) {
    app.log.warn({ err: error }, 'could not list the album room');
  }
  socket.to(room).emit('selection', presence);
}

/**
 * A user lost access to the album (removed by the owner, or left): their open editors of it, on every instance,
 * are told ACCESS_LOST and disconnected, instead of finding out on their next change.
 */
export async function revokeAlbumAccess({ io }: Realtime, albumId: string, userId: string): Promise<void> {
  const sockets = await io.in(albumRoom(albumId)).fetchSockets();
  for (const socket of sockets) {
    const principal = socket.data.principal;
    if (principal.kind !== 'user' || principal.id !== userId) continue;
    socket.emit('connection_error', {
      code: 'ACCESS_LOST',
      message: 'You no longer have access to this album',
    });
    socket.disconnect(true);
  }
}

/**
 * Issue 24: a deleted account is logged out everywhere. Every instance stops accepting its access tokens (the
 * deleting one through `accounts.forget` by the caller, the others through the adapter), and its open editors,
 * on every instance, are told ACCESS_LOST and disconnected; a reconnect is refused at the handshake.
 */
export async function closeAccountEverywhere({ io, scaledOut }: Realtime, userId: string): Promise<void> {
  if (scaledOut) io.serverSideEmit('account_deleted', { userId });
  const sockets = await io.fetchSockets();
  for (const socket of sockets) {
    const principal = socket.data.principal;
    if (principal.kind !== 'user' || principal.id !== userId) continue;
    socket.emit('connection_error', { code: 'ACCESS_LOST', message: 'The account was deleted' });
    socket.disconnect(true);
  }
}

/** The album was deleted (with its owner's account): whoever still edits it, on any instance, is told and let go. */
export function closeAlbumEverywhere({ io }: Realtime, albumId: string): void {
  const room = albumRoom(albumId);
  io.to(room).emit('connection_error', { code: 'ACCESS_LOST', message: 'The album was deleted' });
  io.in(room).disconnectSockets(true);
}

/** The `userId` of a broadcast mutation: the user's id, or the guest's owner identifier. */
export const broadcastUserId = (principal: Principal) =>
  principal.kind === 'user' ? principal.id : ownerIdentifierOf(principal);

/**
 * A document change made by the server on a user's behalf (PATCH /albums fonts and colours, sticker link
 * merges): saved through the same path as an editor's mutation, so it is logged, versioned and broadcast to
 * every editor of the album as a `mutations` event.
 */
export async function saveServerChange(
  { io, sync }: Realtime,
  albumId: string,
  principal: Principal,
  patches: Patch[],
): Promise<SubmitResult> {
  const payload = { patches, version: 0, clientId: 'server', mutationId: `server-${randomUUID()}` };
  const result = await sync.submit(albumId, principal, payload);
  if (result.ok && !result.duplicate) {
    io.to(albumRoom(albumId)).emit('mutations', {
      patches: result.patches,
      version: result.version,
      clientId: payload.clientId,
      mutationId: payload.mutationId,
      userId: broadcastUserId(principal),
    });
  }
  return result;
}

/**
 * Issue 13: an album was locked by print approval or unlocked by feedback (SPEC §4). Every instance's sync cache
 * learns the new flag (serverSideEmit through the Redis adapter; a no-op on a single instance) and every open
 * editor of the album gets `album_locked`, so it switches to or from preview mode at once.
 */
export function broadcastAlbumLock(
  { io, sync, scaledOut }: Realtime,
  albumId: string,
  locked: boolean,
): void {
  sync.setLocked(albumId, locked);
  // The in-memory adapter has no other servers and only warns on serverSideEmit.
  if (scaledOut) io.serverSideEmit('album_locked', { albumId, locked });
  io.to(albumRoom(albumId)).emit('album_locked', { locked });
}

/** SPEC §3: multiplayer users get a random hsla colour; saturation and lightness keep it readable on white. */
function randomColor(): string {
  return `hsla(${Math.floor(Math.random() * 360)}, 75%, 45%, 1)`;
}
