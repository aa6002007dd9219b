import type { StaffSignalView } from '@stickerbook/api';
import { describe, expect, it } from 'vitest';
import type { OrderUpdate } from '../types.ts';
import { offeredSignals } from './offeredSignals.ts';

const signal = (title: StaffSignalView['title']): StaffSignalView => ({
  title,
  human_title: title.toUpperCase(),
});
const update = (name: string): OrderUpdate => ({
  id: name,
  signal: name,
  title: name,
  human_title: name,
  message: null,
  created_at: '2026-11-25T10:00:00Z',
  metadata: {},
  target_url: null,
  changes: [],
  author: null,
});

describe('signals the events form offers', () => {
  it('leaves out the signals already on the timeline and keeps the order of the list', () => {
    const all = (['accepted', 'rejected', 'review_feedback', 'albums_shipped'] as const).map(signal);
    const offered = offeredSignals(all, [
      update('order_placed'),
      update('accepted'),
      update('albums_shipped'),
    ]);
    expect(offered.map((s) => s.title)).toEqual(['rejected', 'review_feedback']);
  });

  it('offers nothing when every signal is present, so the form shows its notice', () => {
    expect(offeredSignals([signal('accepted')], [update('accepted')])).toEqual([]);
  });
});
