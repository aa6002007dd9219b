/**
 * Shared setup of the order action tests: a real app on PGlite (the actions run against its database, as the
 * routes call them), an admin, a customer, and orders placed through POST /orders like a customer places them.
 */
import { eq } from 'drizzle-orm';
import { jobSender } from '../../../src/jobs/sender.ts';
import { createStorage } from '../../../src/storage/index.ts';
import { orderUpdates } from '../../../src/db/schema.ts';
import type { Actor } from '../../../src/orders/actions/actor.ts';
import { issueCreditNote } from '../../../src/orders/actions/issue-credit-note.ts';
import { issueInvoice } from '../../../src/orders/actions/issue-invoice.ts';
import type { OrderChange } from '../../../src/orders/order-changes.ts';
import {
  findOrder,
  loadOrderParts,
  type LineItemRow,
  type OrderRow,
} from '../../../src/orders/repository.ts';
import { adminAndOutsiders } from '../../helpers/admin-session.ts';
import { startTestApp, type Session, type TestApp } from '../../helpers/test-app.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from '../helpers.ts';

export interface ActionsSetup {
  t: TestApp;
  call: ReturnType<typeof caller>;
  adminToken: string;
  customer: Session;
  actor(language?: Actor['language']): Actor;
  placeOrder(overrides?: Record<string, unknown>, albumLanguage?: string): Promise<OrderRow>;
  reload(orderId: string): Promise<OrderRow>;
  /** The order's `order_changed` records, oldest first. */
  changesOf(orderId: string): Promise<Array<{ userId: string | null; by: unknown; changes: OrderChange[] }>>;
  lines(orderId: string): Promise<LineItemRow[]>;
  invoice(orderId: string): ReturnType<typeof issueInvoice>;
  creditNote(orderId: string): ReturnType<typeof issueCreditNote>;
  close(): Promise<void>;
}

export async function startActions(kind: 'pglite' | 'postgres'): Promise<ActionsSetup> {
  const t = await startTestApp(kind);
  const call = caller(t.app);
  const { admin, adminToken, customer } = await adminAndOutsiders(t);
  const db = t.database.db;
  const { storage } = createStorage(t.config);
  // `jobs` queues the invoice mail where the invoice service takes it (main, issue 21 §3).
  const documents = { db, config: t.config, storage, jobs: jobSender(t.database) };
  const setup: ActionsSetup = {
    t,
    call,
    adminToken,
    customer,
    actor: (language = 'de') => ({ id: admin.user.sub, email: admin.user.email, language }),
    async placeOrder(overrides = {}, albumLanguage = 'de') {
      const album = await cleanAlbum(t.app, customer.access_token, { language: albumLanguage });
      const placed = await call('POST', '/orders', {
        token: customer.access_token,
        payload: orderForm(album.id, overrides),
        headers: idempotencyKey(),
      });
      if (placed.statusCode !== 201) throw new Error(`placing failed: ${placed.body}`);
      return (await findOrder(db, placed.json().order.id))!;
    },
    reload: async (orderId) => (await findOrder(db, orderId))!,
    async changesOf(orderId) {
      const rows = await db
        .select()
        .from(orderUpdates)
        .where(eq(orderUpdates.orderId, orderId))
        .orderBy(orderUpdates.createdAt);
      return rows
        .filter((row) => row.signal === 'order_changed')
        .map((row) => ({
          userId: row.userId,
          by: row.metadata.by,
          changes: row.metadata.changes as OrderChange[],
        }));
    },
    async lines(orderId) {
      const order = (await findOrder(db, orderId))!;
      return (await loadOrderParts(db, [order])).lineItems.get(orderId) ?? [];
    },
    invoice: (orderId) => issueInvoice(documents, { orderId, userId: admin.user.sub }),
    creditNote: (orderId) => issueCreditNote(documents, { orderId, userId: admin.user.sub }),
    close: () => t.close(),
  };
  return setup;
}

/** The half-up VAT at 19 %, written out independently of the code under test (issue 21: 68,19 € → 12,96 €). */
export const gross19 = (net: number) => net + Math.floor((net * 1900 + 5000) / 10_000);

/** A promise's rejection as { status, code, details }, for asserting refused actions. */
export async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { statusCode?: number; code?: string; message?: string; details?: unknown };
    return { status: e.statusCode, code: e.code, message: e.message, details: e.details };
  }
  throw new Error('expected the action to be refused');
}
