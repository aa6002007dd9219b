import { describe, expect, it } from 'vitest';
import { customerMilestoneOf, signalOutOfOrder } from './order-stage.ts';

const timeline = (...signals: string[]) => signals.map((signal) => ({ signal }));

describe('staff signals in SPEC §4 order (issue 22 item 6)', () => {
  it('names the missing steps of a shipment before acceptance and production', () => {
    expect(signalOutOfOrder('albums_shipped', timeline('order_placed'))).toEqual({
      missing: ['accepted', 'review_completed', 'transfer_completed', 'production_started'],
      later: [],
    });
  });

  it('takes the customer’s print approval for the design step, unless feedback took it back', () => {
    expect(
      signalOutOfOrder('transfer_completed', timeline('order_placed', 'accepted', 'print_approved')),
    ).toBeNull();
    expect(
      signalOutOfOrder('transfer_completed', timeline('accepted', 'print_approved', 'review_feedback')),
    ).toEqual({ missing: ['review_completed'], later: [] });
  });

  it('names the later steps already there, and lets corrections and unknown signals through', () => {
    expect(signalOutOfOrder('accepted', timeline('order_placed', 'albums_shipped'))).toEqual({
      missing: [],
      later: ['albums_shipped'],
    });
    expect(signalOutOfOrder('rejected', timeline('albums_shipped'))).toBeNull();
    expect(signalOutOfOrder('review_feedback', timeline())).toBeNull();
  });
});

describe('the customer’s milestones', () => {
  it('maps the steps customers read, and keeps the shop’s own steps from them', () => {
    expect(
      [
        'order_placed',
        'accepted',
        'print_approved',
        'production_started',
        'albums_shipped',
        'invoice_created',
      ].map(customerMilestoneOf),
    ).toEqual(['received', 'in_review', 'approved', 'in_production', 'shipped', 'invoice']);
    expect(
      ['export_started', 'export_completed', 'transfer_completed', 'shipment_created', 'order_changed'].map(
        customerMilestoneOf,
      ),
    ).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
