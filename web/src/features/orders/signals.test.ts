import { describe, expect, it } from 'vitest';
import { invoiceTone, orderSteps, signalTone, timelineOf } from './signals.ts';
import type { OrderUpdate } from './types.ts';

const update = (signal: string, created_at: string): OrderUpdate => ({
  id: `${signal}-${created_at}`,
  signal,
  title: signal,
  human_title: signal,
  message: null,
  created_at,
  metadata: {},
  target_url: null,
  changes: [],
  author: null,
});

describe('order signal colours (SPEC §4)', () => {
  it('colours the timeline by signal: success, danger, warning, else secondary', () => {
    expect(['accepted', 'review_completed', 'production_started', 'shipped'].map(signalTone)).toEqual(
      Array(4).fill('success'),
    );
    expect(['rejected', 'export_failed', 'transfer_failed'].map(signalTone)).toEqual(Array(3).fill('danger'));
    expect(['review_feedback', 'shipment_created', 'transfer_started'].map(signalTone)).toEqual(
      Array(3).fill('warning'),
    );
    expect(signalTone('order_placed')).toBe('secondary');
  });

  it('colours invoices: draft secondary, open primary, paid success, uncollectible and void danger', () => {
    expect(['draft', 'open', 'paid', 'uncollectible', 'void'].map(invoiceTone)).toEqual([
      'secondary',
      'primary',
      'success',
      'danger',
      'danger',
    ]);
  });
});

describe('the badge chain of an order card', () => {
  it('activates a step when a matching update exists and dates it by the first one, the approval by the one that stands', () => {
    const steps = orderSteps([
      update('review_feedback', '2027-01-03T10:00:00Z'),
      update('print_approved', '2027-01-05T10:00:00Z'),
      update('order_placed', '2027-01-01T09:00:00Z'),
      update('print_approved', '2027-01-02T10:00:00Z'),
    ]);
    expect(steps.map((s) => [s.key, s.date])).toEqual([
      ['placed', '2027-01-01T09:00:00Z'],
      ['review', '2027-01-03T10:00:00Z'],
      ['approved', '2027-01-05T10:00:00Z'],
      ['production', null],
      ['shipped', null],
      ['invoice', null],
    ]);
  });

  it('shows the customer’s milestones only: the shop’s export and transfer light no badge (issue 22 item 6)', () => {
    const steps = orderSteps([
      update('order_placed', '2027-01-01T09:00:00Z'),
      update('accepted', '2027-01-02T09:00:00Z'),
      update('print_approved', '2027-01-03T09:00:00Z'),
      update('export_completed', '2027-01-04T09:00:00Z'),
      update('transfer_completed', '2027-01-04T10:00:00Z'),
      update('production_started', '2027-01-05T09:00:00Z'),
      update('invoice_created', '2027-01-06T09:00:00Z'),
      update('albums_shipped', '2027-01-07T09:00:00Z'),
    ]);
    expect(steps.map((s) => [s.key, s.date])).toEqual([
      ['placed', '2027-01-01T09:00:00Z'],
      ['review', '2027-01-02T09:00:00Z'],
      ['approved', '2027-01-03T09:00:00Z'],
      ['production', '2027-01-05T09:00:00Z'],
      ['shipped', '2027-01-07T09:00:00Z'],
      ['invoice', '2027-01-06T09:00:00Z'],
    ]);
  });

  it('takes the approval step back when feedback follows the approval', () => {
    const steps = orderSteps([
      update('order_placed', '2027-01-01T09:00:00Z'),
      update('print_approved', '2027-01-02T10:00:00Z'),
      update('review_feedback', '2027-01-03T10:00:00Z'),
    ]);
    expect(steps.find((s) => s.key === 'approved')?.date).toBeNull();
  });

  it('lists the timeline newest first', () => {
    const list = timelineOf([
      update('order_placed', '2027-01-01T00:00:00Z'),
      update('accepted', '2027-01-02T00:00:00Z'),
    ]);
    expect(list.map((u) => u.signal)).toEqual(['accepted', 'order_placed']);
  });
});
