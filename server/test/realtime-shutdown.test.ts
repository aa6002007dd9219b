/**
 * Issue 24 item 3, the editors' side of a restart: on SIGTERM (main.ts) every open editor is told SERVER_SHUTDOWN
 * and disconnected, and while the instance drains a new connection is refused with the same code, which the web
 * client retries (web/src/sync/transport.ts) until another instance, or this one's successor, takes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEditorsAway } from '../src/realtime/index.ts';
import { connect, listen, next } from './helpers/realtime-client.ts';
import { createAlbum, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

describe('realtime during a shutdown', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells open editors to reconnect, refuses new ones while draining, and takes them again after', async () => {
    const owner = await signUp(t.app, 'restart-owner@example.com');
    const album = await createAlbum(t.app, owner.access_token, { blueprint_id: 'test-fixture' });
    const socket = await connect(baseUrl, { token: owner.access_token, albumId: album.id });
    const hint = next<{ code: string }>(socket, 'connection_error');
    const closed = next<string>(socket, 'disconnect');

    t.app.ctx.lifecycle.draining = true;
    sendEditorsAway(t.app.realtime);
    expect(await hint).toMatchObject({ code: 'SERVER_SHUTDOWN' });
    // The reason the web client reconnects on (socket.io does not on its own after a server's disconnect).
    expect(await closed).toBe('io server disconnect');
    const refused = await connect(baseUrl, { token: owner.access_token, albumId: album.id }).catch(
      (error: { message: string; data?: unknown }) => error,
    );
    expect(refused).toMatchObject({ message: 'SERVER_SHUTDOWN', data: { code: 'SERVER_SHUTDOWN' } });

    t.app.ctx.lifecycle.draining = false;
    const again = await connect(baseUrl, { token: owner.access_token, albumId: album.id });
    expect(again.connected).toBe(true);
    again.close();
  });
});
