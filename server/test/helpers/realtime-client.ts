/** socket.io clients for the realtime tests: a listening test app, connections, acks and events as promises. */
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export interface ConnectOptions {
  token?: string;
  albumId?: string;
  /** Send the token as an Authorization header instead of in `auth`. */
  asHeader?: boolean;
  /** Listeners attached before connecting, for events the server sends right after the handshake. */
  on?: Record<string, (payload: never) => void>;
}

/** Opens a socket the way docs/realtime.md says; resolves once connected, rejects with the connect_error. */
export function connect(baseUrl: string, options: ConnectOptions): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    query: options.albumId === undefined ? {} : { albumId: options.albumId },
    auth: options.token && !options.asHeader ? { token: options.token } : {},
    extraHeaders: options.token && options.asHeader ? { authorization: `Bearer ${options.token}` } : {},
    reconnection: false,
    forceNew: true,
  });
  for (const [event, listener] of Object.entries(options.on ?? {}))
    socket.on(event, listener as (...args: unknown[]) => void);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The next `event` on `socket`, or a rejection after `timeoutMs`. */
export function next<T = unknown>(socket: Socket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, handler);
  });
}

/** Collects every `event` payload from now on. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export type Ack =
  | { ok: true; version: number; duplicate: boolean }
  | { ok: false; error: { code: string; message: string; path?: string; retryable: boolean } };

let mutationCounter = 0;
export const newMutationId = () => `m-${process.pid}-${Date.now().toString(36)}-${mutationCounter++}`;

export function sendMutation(
  socket: Socket,
  patches: unknown,
  options: { version?: number; clientId?: string; mutationId?: string } = {},
): Promise<Ack> {
  return socket.timeout(10_000).emitWithAck('mutations', {
    patches,
    version: options.version ?? 0,
    clientId: options.clientId ?? 'test-client',
    mutationId: options.mutationId ?? newMutationId(),
  }) as Promise<Ack>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
