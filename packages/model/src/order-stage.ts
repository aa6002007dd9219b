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

export const DESIGN_APPROVED_SIGNALS = ['print_approved', 'review_completed'] as const;
export const DESIGN_FEEDBACK_SIGNAL = 'review_feedback';
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
