/**
 * The add-signal action on its own (SPEC §4): a staff signal lands on the timeline once, even when two admins
 * press at once, with its tracking code; asked to, it writes the update mail in the album's language. Signals
 * stay allowed on an invoiced order: they are not invoiced content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orderUpdates } from '../../../src/db/schema.ts';
import type { MailJob } from '../../../src/jobs/mail.ts';
import { addSignal } from '../../../src/orders/actions/add-signal.ts';
import { DATABASE_KINDS } from '../../helpers/test-app.ts';
import { refusal, startActions, type ActionsSetup } from './helpers.ts';

describe.each(DATABASE_KINDS)('add signal on %s', (kind) => {
  let s: ActionsSetup;
  let sent: MailJob[];
  const ctx = () => ({
    db: s.t.database.db,
    publicUrl: 'https://stickerbook.example',
    mails: { send: async (mail: MailJob) => void sent.push(mail) },
  });

  beforeAll(async () => {
    s = await startActions(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('adds a signal once when two admins press at the same time, and says so to the second', async () => {
    sent = [];
    const order = await s.placeOrder();
    const input = {
      order,
      signal: 'accepted',
      message: null,
      metadata: {},
      triggerEmail: false,
      userId: s.actor().id,
    };
    const outcomes = await Promise.allSettled([addSignal(ctx(), input), addSignal(ctx(), input)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = await refusal(addSignal(ctx(), input));
    expect(failed).toMatchObject({ status: 409, code: 'SIGNAL_ALREADY_PRESENT' });
    const rows = await s.t.database.db
      .select()
      .from(orderUpdates)
      .where(and(eq(orderUpdates.orderId, order.id), eq(orderUpdates.signal, 'accepted')));
    expect(rows).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('mails the shipment in the album’s language with the tracking link, also on an invoiced order', async () => {
    sent = [];
    const order = await s.placeOrder();
    await s.invoice(order.id);
    await addSignal(ctx(), {
      order,
      signal: 'albums_shipped',
      message: 'Viel Spaß!',
      metadata: { dhl_tracking_code: '00340434161234567890', tracking_code: '' },
      triggerEmail: true,
      userId: s.actor().id,
      // Shipped straight after placing: out of SPEC §4's order, so confirmed.
      confirm: true,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(order.email);
    expect(sent[0]!.subject).toContain(`SB-${order.number}`);
    expect(sent[0]!.text).toContain('Alben versendet');
    expect(sent[0]!.text).toContain('Viel Spaß!');
    expect(sent[0]!.text).toContain('00340434161234567890');
    const [row] = await s.t.database.db
      .select()
      .from(orderUpdates)
      .where(and(eq(orderUpdates.orderId, order.id), eq(orderUpdates.signal, 'albums_shipped')));
    // Empty values are not kept.
    expect(row!.metadata).toEqual({ dhl_tracking_code: '00340434161234567890' });
  });

  it('refuses a shipment before the order was accepted and produced, with the reason, unless confirmed', async () => {
    sent = [];
    const order = await s.placeOrder();
    const input = {
      order,
      signal: 'albums_shipped',
      message: null,
      metadata: {},
      triggerEmail: true,
      userId: s.actor().id,
    };
    const refused = await refusal(addSignal(ctx(), { ...input, language: 'de' }));
    expect(refused).toMatchObject({ status: 409, code: 'SIGNAL_OUT_OF_ORDER' });
    expect(refused.message).toContain('„Alben versendet“ kommt erst nach „Bestellung angenommen“');
    expect(refused.message).toContain('„Produktion gestartet“');
    const inEnglish = await refusal(addSignal(ctx(), { ...input, language: 'en' }));
    expect(inEnglish.message).toContain('“Albums shipped” comes after “Order accepted”');
    // Refused means nothing changed: no update, no mail.
    const shipped = () =>
      s.t.database.db
        .select()
        .from(orderUpdates)
        .where(and(eq(orderUpdates.orderId, order.id), eq(orderUpdates.signal, 'albums_shipped')));
    expect(await shipped()).toHaveLength(0);
    expect(sent).toEqual([]);

    await addSignal(ctx(), { ...input, confirm: true });
    expect(await shipped()).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it('adds signals in SPEC §4 order without asking, and refuses one that comes before a present one', async () => {
    const order = await s.placeOrder();
    const add = (signal: string, extra: { confirm?: boolean } = {}) =>
      addSignal(ctx(), {
        order,
        signal,
        message: null,
        metadata: {},
        triggerEmail: false,
        userId: s.actor().id,
        language: 'de',
        ...extra,
      });
    // The customer's print approval stands for the design step.
    await s.t.database.db
      .insert(orderUpdates)
      .values({ orderId: order.id, signal: 'print_approved', metadata: {} });
    await add('accepted');
    await add('transfer_completed');
    await add('albums_shipped', { confirm: true });
    const late = await refusal(add('production_started'));
    expect(late).toMatchObject({ status: 409, code: 'SIGNAL_OUT_OF_ORDER' });
    expect(late.message).toContain('„Produktion gestartet“ kommt vor „Alben versendet“');
    // Corrections come at any time.
    await add('review_feedback');
    await add('rejected');
  });
});
