/**
 * A third-party client written from docs/realtime.md alone: plain socket.io-client and fetch, no code from the
 * server or the web app. If this test needs anything the page does not say, the page is incomplete.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

type Patch = { op: 'add' | 'replace' | 'remove'; path: string; value?: unknown };
type Doc = {
  nodes: Record<
    string,
    { id: string; type: string; parentId: string | null; props: Record<string, unknown> }
  >;
};

/** A minimal client: keeps a document and its version, applies remote mutations in version order. */
class DocClient {
  socket!: Socket;
  doc!: Doc;
  version = 0;
  readonly held = new Map<number, Patch[]>();
  readonly events: Array<[string, unknown]> = [];

  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly albumId: string,
  ) {}

  async open(): Promise<void> {
    this.socket = io(this.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { albumId: this.albumId },
      auth: { token: this.token },
      reconnection: false,
      forceNew: true,
    });
    this.socket.onAny((event: string, payload: unknown) => this.events.push([event, payload]));
    this.socket.on('mutations', (m: { patches: Patch[]; version: number }) => {
      this.held.set(m.version, m.patches);
      this.applyHeld();
    });
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
    // "Connect first, then fetch."
    const album = await api(this.baseUrl, 'GET', `/albums/${this.albumId}`, this.token);
    this.doc = album.workspace;
    this.version = album.version;
    this.applyHeld();
  }

  applyHeld(): void {
    for (const version of [...this.held.keys()]) if (version <= this.version) this.held.delete(version);
    while (this.held.has(this.version + 1)) {
      const patches = this.held.get(this.version + 1)!;
      this.held.delete(this.version + 1);
      applyLocally(this.doc, patches);
      this.version += 1;
    }
  }

  async send(patches: Patch[], mutationId = `m-${Math.random().toString(36).slice(2)}`) {
    const answer = await this.socket.timeout(10_000).emitWithAck('mutations', {
      patches,
      version: this.version,
      clientId: 'protocol-test',
      mutationId,
    });
    if (answer.ok) {
      applyLocally(this.doc, patches);
      this.held.set(answer.version, []);
      this.applyHeld();
    }
    return answer as
      | { ok: true; version: number; duplicate: boolean }
      | { ok: false; error: { code: string; message: string; retryable: boolean } };
  }

  async eventually(event: string, test: (payload: never) => boolean = () => true, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.events.find(([name, payload]) => name === event && test(payload as never));
      if (found) return found[1] as never;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${event}`);
  }
}

/** The patch semantics of the doc's table (enough for props and whole nodes). */
function applyLocally(doc: Doc, patches: Patch[]): void {
  for (const patch of patches) {
    const [, root, id, field, key] = patch.path.split('/');
    if (root !== 'nodes') continue;
    if (field === undefined) {
      if (patch.op === 'remove') delete doc.nodes[id];
      else doc.nodes[id] = structuredClone(patch.value) as Doc['nodes'][string];
    } else if (field === 'props') {
      if (patch.op === 'remove') delete doc.nodes[id].props[key];
      else doc.nodes[id].props[key] = patch.value;
    }
  }
}

async function api(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

describe('a client built from docs/realtime.md', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  it('edits an album with a second client: broadcast, presence, merge error, duplicate re-send, log catch-up', async () => {
    const owner = await api(baseUrl, 'POST', '/public/guest_tokens');
    const album = await api(baseUrl, 'POST', '/albums', owner.access_token, { blueprint_id: 'test-fixture' });
    const a = new DocClient(baseUrl, owner.access_token, album.id);
    const b = new DocClient(baseUrl, owner.access_token, album.id);
    await a.open();
    await b.open();

    // Presence: a sees b join; b saw a when it connected; selections carry a colour.
    const target = Object.values(a.doc.nodes).find((node) => node.type === 'Text')!;
    a.socket.emit('selection', { ids: [target.id] });
    const seen = await b.eventually('selection', (p: { ids: string[] }) => p.ids.includes(target.id));
    expect(seen).toMatchObject({ socketId: a.socket.id, user: { id: `guest:${owner.guest_id}` } });
    expect((seen as { color: string }).color).toMatch(/^hsla\(/);

    // A mutation reaches the other client, which ends with the same document.
    const moved = await a.send([{ op: 'replace', path: `/nodes/${target.id}/props/x`, value: 77 }]);
    expect(moved).toEqual({ ok: true, version: 1, duplicate: false });
    await b.eventually('mutations');
    expect(b.version).toBe(1);
    expect(b.doc).toEqual(a.doc);

    // A refused mutation: merge_error for the sender only, nothing changes.
    const refused = await a.send(
      [{ op: 'replace', path: `/nodes/${target.id}/props/opacity`, value: 500 }],
      'bad-1',
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_MUTATION', retryable: false } });
    expect(await a.eventually('merge_error')).toMatchObject({
      mutationId: 'bad-1',
      code: 'INVALID_MUTATION',
    });

    // A re-sent mutation id is acknowledged again and not applied twice.
    const once = await a.send([{ op: 'replace', path: `/nodes/${target.id}/props/y`, value: 5 }], 'once');
    const twice = await a.send([{ op: 'replace', path: `/nodes/${target.id}/props/y`, value: 5 }], 'once');
    expect(once).toMatchObject({ ok: true, version: 2 });
    expect(twice).toEqual({ ok: true, version: 2, duplicate: true });

    // b leaves; a is told. While b is away a changes more; b catches up from the log.
    b.socket.close();
    expect(await a.eventually('user_left')).toMatchObject({
      socketId: expect.any(String),
      userId: `guest:${owner.guest_id}`,
    });
    await a.send([{ op: 'replace', path: `/nodes/${target.id}/props/width`, value: 150 }]);
    const log = await api(
      baseUrl,
      'GET',
      `/albums/${album.id}/mutations?since=${b.version}`,
      owner.access_token,
    );
    expect(log.version).toBe(3);
    for (const entry of log.mutations) b.held.set(entry.version, entry.patches);
    b.applyHeld();
    expect(b.version).toBe(3);
    expect(b.doc).toEqual(a.doc);
    const server = await api(baseUrl, 'GET', `/albums/${album.id}`, owner.access_token);
    expect(server.workspace.nodes).toEqual(a.doc.nodes);
    a.socket.close();
  });

  it('gets connect_error with the documented codes', async () => {
    const error = await new Promise<{ message: string; data: { code: string } }>((resolve) => {
      const socket = io(baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        query: { albumId: 'whatever' },
        auth: { token: 'not-a-token' },
        reconnection: false,
        forceNew: true,
      });
      socket.once('connect_error', (e) => {
        socket.close();
        resolve(e as never);
      });
    });
    expect(error.message).toBe('UNAUTHORIZED');
    expect(error.data.code).toBe('UNAUTHORIZED');
  });
});
