/**
 * The delete-order action on its own: the order goes with its rows and the album forgets it; an order that was
 * ever invoiced — even by an invoice a credit note voided — stays (GoBD: ten years), 409 ORDER_HAS_INVOICE.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums } from '../../../src/db/schema.ts';
import { deleteOrder } from '../../../src/orders/actions/delete-order.ts';
import { findOrder } from '../../../src/orders/repository.ts';
import { DATABASE_KINDS } from '../../helpers/test-app.ts';
import { refusal, startActions, type ActionsSetup } from './helpers.ts';

describe.each(DATABASE_KINDS)('delete order on %s', (kind) => {
  let s: ActionsSetup;
  const ctx = () => ({ db: s.t.database.db });

  beforeAll(async () => {
    s = await startActions(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('deletes an order and leaves its album as if it had never been ordered', async () => {
    const order = await s.placeOrder();
    await deleteOrder(ctx(), { orderId: order.id });
    expect(await findOrder(s.t.database.db, order.id)).toBeUndefined();
    const [album] = await s.t.database.db.select().from(albums).where(eq(albums.id, order.albumId!));
    expect(album).toMatchObject({ hasOrder: false, lastOrderId: null });
  });

  it('keeps an invoiced order, also after its credit note', async () => {
    const order = await s.placeOrder();
    await s.invoice(order.id);
    expect(await refusal(deleteOrder(ctx(), { orderId: order.id }))).toMatchObject({
      status: 409,
      code: 'ORDER_HAS_INVOICE',
    });
    await s.creditNote(order.id);
    expect(await refusal(deleteOrder(ctx(), { orderId: order.id }))).toMatchObject({
      status: 409,
      code: 'ORDER_HAS_INVOICE',
    });
    expect(await findOrder(s.t.database.db, order.id)).toBeDefined();
  });
});
