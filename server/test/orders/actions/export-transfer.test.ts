/**
 * The start-export and transfer actions on their own: an export is recorded and queued once at a time; the
 * transfer needs the print partner's settings and a finished export, and says so. (The full render, zip and SFTP
 * run is in ../documents.test.ts.)
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderUpdates, orders } from '../../../src/db/schema.ts';
import { startExport } from '../../../src/orders/actions/start-export.ts';
import { transfer } from '../../../src/orders/actions/transfer.ts';
import { artifactState } from '../../../src/orders/artifact-export.ts';
import { createStorage } from '../../../src/storage/index.ts';
import { DATABASE_KINDS } from '../../helpers/test-app.ts';
import { removeLastContentSpread } from '../helpers.ts';
import { refusal, startActions, type ActionsSetup } from './helpers.ts';

describe.each(DATABASE_KINDS)('export and transfer actions on %s', (kind) => {
  let s: ActionsSetup;

  beforeAll(async () => {
    s = await startActions(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('records the export as started and refuses a second one while it runs', async () => {
    const order = await s.placeOrder();
    await startExport(
      { database: s.t.database, config: s.t.config },
      { order, userId: s.actor().id, language: 'en' },
    );
    expect((await artifactState(s.t.database.db, order.id)).state).toBe('working');
    expect(
      await refusal(
        startExport(
          { database: s.t.database, config: s.t.config },
          { order, userId: s.actor().id, language: 'en' },
        ),
      ),
    ).toMatchObject({
      status: 409,
      code: 'EXPORT_RUNNING',
    });
    const started = await s.t.database.db
      .select()
      .from(orderUpdates)
      .where(and(eq(orderUpdates.orderId, order.id), eq(orderUpdates.signal, 'export_started')));
    expect(started).toHaveLength(1);
  });

  it("refuses to export an album whose spreads cannot be bound, in the admin's language", async () => {
    const order = await s.placeOrder();
    const album = (
      await s.call('GET', `/albums/${order.albumId}`, { token: s.customer.access_token })
    ).json() as { id: string; workspace: Record<string, unknown> };
    expect((await removeLastContentSpread(s.t.app, s.customer.access_token, album)).status).toBe(200);
    const refused = await refusal(
      startExport(
        { database: s.t.database, config: s.t.config },
        { order, userId: s.actor().id, language: 'pl' },
      ),
    );
    expect(refused).toMatchObject({ status: 422, code: 'ALBUM_HAS_ERRORS' });
    expect(refused.details).toEqual({
      errors: [expect.objectContaining({ code: 'SPREADS_MISSING_FOR_BINDING', count: 1 })],
    });
    expect((await artifactState(s.t.database.db, order.id)).state).not.toBe('working');
  });

  it('refuses to export an order whose album was deleted', async () => {
    const order = await s.placeOrder();
    await s.t.database.db.update(orders).set({ albumId: null }).where(eq(orders.id, order.id));
    const orphan = await s.reload(order.id);
    expect(
      await refusal(
        startExport(
          { database: s.t.database, config: s.t.config },
          { order: orphan, userId: s.actor().id, language: 'en' },
        ),
      ),
    ).toMatchObject({ status: 409, code: 'ORDER_HAS_NO_ALBUM' });
  });

  it('refuses the transfer without print partner settings, naming them, and without a finished export', async () => {
    const order = await s.placeOrder();
    const { storage } = createStorage(s.t.config);
    const base = { db: s.t.database.db, storage };
    const unconfigured = await refusal(
      transfer(
        { ...base, config: { ...s.t.config, printPartner: undefined } },
        { order, userId: s.actor().id },
      ),
    );
    expect(unconfigured).toMatchObject({ status: 409, code: 'PRINT_PARTNER_NOT_CONFIGURED' });
    expect(unconfigured.message).toContain('PRINT_PARTNER_SFTP_URL');
    const configured = {
      ...s.t.config,
      printPartner: { host: '127.0.0.1', port: 1, username: 'x', remoteDir: '/', privateKey: 'x' },
    } as unknown as typeof s.t.config;
    expect(
      await refusal(transfer({ ...base, config: configured }, { order, userId: s.actor().id })),
    ).toMatchObject({
      status: 409,
      code: 'ARTIFACT_NOT_READY',
    });
  });
});
