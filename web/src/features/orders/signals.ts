import { CUSTOMER_MILESTONES, standingDesignApproval, type CustomerMilestone } from '@stickerbook/model';
import type { InvoiceStatus, OrderUpdate } from './types.ts';

/**
 * SPEC §4 timeline colours of order updates. `print_approved` and `order_placed` are ours (beyond the SPEC's
 * staff signals): the approval is good news like `review_completed`; a placed order is neutral.
 */
const SUCCESS = new Set([
  'accepted',
  'review_completed',
  'print_approved',
  'export_completed',
  'transfer_completed',
  'invoice_created',
  'production_started',
  'shipped',
  'albums_shipped',
]);
const DANGER = new Set(['rejected', 'export_failed', 'transfer_failed']);
const WARNING = new Set([
  'review_feedback',
  'export_started',
  'transfer_started',
  'shipment_created',
  'order_changed',
  'credit_note_created',
]);

export type Tone = 'success' | 'danger' | 'warning' | 'primary' | 'secondary';

/** Mantine colours of the tones, one place for every badge and timeline dot. */
export const TONE_COLORS: Record<Tone, string> = {
  success: 'teal',
  danger: 'red',
  warning: 'orange',
  primary: 'blue',
  secondary: 'gray',
};

export function signalTone(signal: string): Tone {
  if (SUCCESS.has(signal)) return 'success';
  if (DANGER.has(signal)) return 'danger';
  if (WARNING.has(signal)) return 'warning';
  return 'secondary';
}

/** SPEC §4 invoice status: draft secondary, open primary, paid success, uncollectible and void danger. */
export function invoiceTone(status: InvoiceStatus | string): Tone {
  switch (status) {
    case 'open':
      return 'primary';
    case 'paid':
      return 'success';
    case 'uncollectible':
    case 'void':
      return 'danger';
    default:
      return 'secondary';
  }
}

/**
 * The badge chain on an order card and page (SPEC §2): the customer's milestones (issue 22 item 6, the model's
 * CUSTOMER_MILESTONES), in order — received, in review, approved, in production, shipped, invoice. A step is active
 * when an update with one of its signals exists; its date is the first such update's. The design approval is the
 * one that stands (the model's order signal rules): feedback after an approval takes the step back. The shop's own
 * steps (export, transfer) are no badge: staff read them on the timeline.
 */
const milestoneSignals = (key: CustomerMilestone): readonly string[] =>
  CUSTOMER_MILESTONES.find((milestone) => milestone.key === key)?.signals ?? [];

const ORDER_STEPS = [
  { key: 'placed', signals: milestoneSignals('received') },
  { key: 'review', signals: milestoneSignals('in_review') },
  { key: 'approved', signals: milestoneSignals('approved') },
  { key: 'production', signals: milestoneSignals('in_production') },
  { key: 'shipped', signals: milestoneSignals('shipped') },
  { key: 'invoice', signals: ['invoice_created'] as readonly string[] },
] as const;

type OrderStepKey = (typeof ORDER_STEPS)[number]['key'];

export interface OrderStep {
  key: OrderStepKey;
  /** The first matching update's date; null when the step has not happened. */
  date: string | null;
}

export function orderSteps(updates: readonly OrderUpdate[]): OrderStep[] {
  const byTime = [...updates].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return ORDER_STEPS.map((step) => {
    const done =
      step.key === 'approved'
        ? standingDesignApproval(byTime)
        : byTime.find((u) => step.signals.includes(u.signal));
    return { key: step.key, date: done?.created_at ?? null };
  });
}

/** Newest first, as a timeline reads. */
export function timelineOf(updates: readonly OrderUpdate[]): OrderUpdate[] {
  return [...updates].sort((a, b) => b.created_at.localeCompare(a.created_at));
}
