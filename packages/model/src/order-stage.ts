/**
 * The order signal rules (SPEC §4 "Order signals"), in one place: where an order stands, from its timeline.
 *
 * - shipped once `albums_shipped` or `shipped` is there;
 * - else shipment once the files reached the printer (`transfer_completed`);
 * - else transfer once the design is approved: the latest of the customer's print approval, staff's
 *   `review_completed` and staff's `review_feedback` is an approval (feedback after an approval takes it back);
 * - else review.
 *
 * Shared by the server (the order view's status cells) and the web app (the order card's badge chain). The
 * database keeps `orders.stage` (the dashboard scopes' indexed column) by the same rules in `order_stage_of`
 * (server migration 0014): a server database test checks on every short timeline that the two agree.
 */
export type OrderStage = 'review' | 'transfer' | 'shipment' | 'shipped';

const DESIGN_APPROVED_SIGNALS = ['print_approved', 'review_completed'] as const;
const DESIGN_FEEDBACK_SIGNAL = 'review_feedback';
export const TRANSFERRED_SIGNALS = ['transfer_completed'] as const;
export const PRODUCTION_SIGNALS = ['production_started'] as const;
export const SHIPPED_SIGNALS = ['albums_shipped', 'shipped'] as const;

interface TimelineEntry {
  signal: string;
}

const isOneOf = (signals: readonly string[]) => (entry: TimelineEntry) => signals.includes(entry.signal);

/** The approval that stands (the latest design signal, when it is an approval); `updates` oldest first. */
export function standingDesignApproval<T extends TimelineEntry>(updates: readonly T[]): T | undefined {
  const latest = updates.findLast(isOneOf([...DESIGN_APPROVED_SIGNALS, DESIGN_FEEDBACK_SIGNAL]));
  return latest && isOneOf(DESIGN_APPROVED_SIGNALS)(latest) ? latest : undefined;
}

/** Where the order stands; `updates` oldest first. */
export function orderStage(updates: readonly TimelineEntry[]): OrderStage {
  if (updates.some(isOneOf(SHIPPED_SIGNALS))) return 'shipped';
  if (updates.some(isOneOf(TRANSFERRED_SIGNALS))) return 'shipment';
  if (standingDesignApproval(updates)) return 'transfer';
  return 'review';
}

/**
 * What a customer sees of the timeline (issue 22 item 6): their milestones, never the shop's internal steps
 * (export, transfer, the print shop's shipment label). Each milestone names the signals that reach it; an update
 * whose signal is in none stays with staff. Staff keep the whole timeline.
 */
export const CUSTOMER_MILESTONES = [
  { key: 'received', signals: ['order_placed'] },
  { key: 'in_review', signals: ['accepted', 'review_feedback'] },
  { key: 'approved', signals: DESIGN_APPROVED_SIGNALS },
  { key: 'in_production', signals: PRODUCTION_SIGNALS },
  { key: 'shipped', signals: SHIPPED_SIGNALS },
  { key: 'invoice', signals: ['invoice_created', 'credit_note_created'] },
] as const;

export type CustomerMilestone = (typeof CUSTOMER_MILESTONES)[number]['key'];

/** The milestone a signal reaches for the customer; undefined for a staff-only step. */
export function customerMilestoneOf(signal: string): CustomerMilestone | undefined {
  return CUSTOMER_MILESTONES.find((milestone) => (milestone.signals as readonly string[]).includes(signal))
    ?.key;
}

/**
 * SPEC §4 lists the signals staff add in the order an order goes through them; where that order is a sequence
 * (the corrections `rejected` and `review_feedback` may come at any time), this is it. The design step is reached
 * by the approval that stands, the customer's print approval or staff's `review_completed`.
 */
const SIGNAL_SEQUENCE = [
  'accepted',
  'review_completed',
  'transfer_completed',
  'production_started',
  'albums_shipped',
  'shipment_created',
] as const;

export type SequencedSignal = (typeof SIGNAL_SEQUENCE)[number];

/**
 * Why a staff signal would be out of SPEC §4's order: the earlier steps still missing, or the later ones already
 * on the timeline (`updates` oldest first). Null when it is in order or not part of the sequence.
 */
export function signalOutOfOrder(
  signal: string,
  updates: readonly TimelineEntry[],
): { missing: SequencedSignal[]; later: SequencedSignal[] } | null {
  const at = (SIGNAL_SEQUENCE as readonly string[]).indexOf(signal);
  if (at < 0) return null;
  const reached = (step: SequencedSignal) =>
    step === 'review_completed'
      ? standingDesignApproval(updates) !== undefined
      : updates.some((update) => update.signal === step);
  const missing = SIGNAL_SEQUENCE.slice(0, at).filter((step) => !reached(step));
  const later = SIGNAL_SEQUENCE.slice(at + 1).filter((step) =>
    updates.some((update) => update.signal === step),
  );
  return missing.length === 0 && later.length === 0 ? null : { missing, later };
}
