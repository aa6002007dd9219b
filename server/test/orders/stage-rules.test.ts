/**
 * The order signal rules live twice, by necessity: in TypeScript (packages/model/src/order-stage.ts, which the
 * order view's status cells and the order card read) and in SQL (`order_stage_of`, which keeps the dashboard's indexed `orders.stage`). This
 * test writes every timeline of up to three signals into the database and checks that the stage the trigger keeps
 * is the stage orderStage gives, so the dashboard scope and the order page can never tell an admin two stories.
 */
import { orderStage, standingDesignApproval } from '@stickerbook/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderUpdates } from '../../src/db/schema.ts';
import { DATABASE_KINDS, signUp, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from './helpers.ts';

const SIGNALS = [
  'accepted',
  'print_approved',
  'review_completed',
  'review_feedback',
  'transfer_completed',
  'production_started',
  'albums_shipped',
  'shipped',
];

function timelines(maxLength: number): string[][] {
  const all: string[][] = [[]];
  for (let length = 1; length <= maxLength; length++)
    for (const start of all.filter((timeline) => timeline.length === length - 1))
      for (const signal of SIGNALS) all.push([...start, signal]);
  return all;
}

describe.each(DATABASE_KINDS)('order signal rules on %s', (kind) => {
  let t: TestApp;
  let orderId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const customer = await signUp(t.app);
    const album = await cleanAlbum(t.app, customer.access_token);
    const placed = await caller(t.app)('POST', '/orders', {
      token: customer.access_token,
      payload: orderForm(album.id),
      headers: idempotencyKey(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json().order.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the same stage in the database as the order view computes, on every timeline of up to 3 signals', async () => {
    const { db } = t.database;
    const all = timelines(3);
    const disagreements: string[] = [];
    const start = Date.parse('2026-01-05T10:00:00Z');
    for (const timeline of all) {
      await db.delete(orderUpdates).where(eq(orderUpdates.orderId, orderId));
      if (timeline.length > 0)
        await db.insert(orderUpdates).values(
          timeline.map((signal, minute) => ({
            orderId,
            signal,
            createdAt: new Date(start + minute * 60_000),
          })),
        );
      const [{ stage }] = await db.select({ stage: orders.stage }).from(orders).where(eq(orders.id, orderId));
      const expected = orderStage(timeline.map((signal) => ({ signal })));
      if (stage !== expected)
        disagreements.push(`${timeline.join(' → ') || '(none)'}: ${stage} ≠ ${expected}`);
    }
    expect(all).toHaveLength(1 + 8 + 64 + 512);
    expect(disagreements).toEqual([]);
  });

  it('takes the design approval back when feedback follows it, and gives it again on a later approval', () => {
    const stageOf = (...signals: string[]) => orderStage(signals.map((signal) => ({ signal })));
    expect(stageOf('review_completed')).toBe('transfer');
    expect(stageOf('review_completed', 'review_feedback')).toBe('review');
    expect(stageOf('review_completed', 'review_feedback', 'print_approved')).toBe('transfer');
    expect(stageOf('review_feedback', 'transfer_completed')).toBe('shipment');
    expect(stageOf('accepted', 'shipped')).toBe('shipped');
    const approval = { signal: 'print_approved', at: 2 };
    expect(standingDesignApproval([{ signal: 'review_feedback', at: 1 }, approval])).toBe(approval);
    expect(standingDesignApproval([approval, { signal: 'review_feedback', at: 3 }])).toBeUndefined();
  });
});
