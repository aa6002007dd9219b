/**
 * The back office's side of an order (SPEC §2 Order detail, §4 order signals, §7 orders admin calls): the signals
 * staff may add, the timeline's events form, edits of details, address and line items, and order comments. Every
 * edit answers the whole order as staff read it (`orderResponseSchema`, orders.ts). Money is integer minor units.
 */
import { z } from 'zod';

/** SPEC §4: the signals staff may add, in this order. */
export const STAFF_SIGNALS = [
  'accepted',
  'rejected',
  'review_feedback',
  'review_completed',
  'transfer_completed',
  'production_started',
  'albums_shipped',
  'shipment_created',
] as const;

/** GET /order_signals: the signals staff may add, with their titles in the request's language. */
export const staffSignalListSchema = z.object({
  order_signals: z.array(z.object({ title: z.enum(STAFF_SIGNALS), human_title: z.string() })),
});

/** POST /orders/{id}/order_updates: a staff signal on the timeline, with its message and mail. */
export const newOrderUpdateSchema = z.strictObject({
  signal: z.enum(STAFF_SIGNALS),
  message: z.string().trim().max(2000).nullable().optional(),
  metadata: z
    .strictObject({
      tracking_code: z.string().trim().max(100).optional(),
      dhl_tracking_code: z.string().trim().max(100).optional(),
    })
    .optional(),
  trigger_email: z.boolean().optional(),
  /** Add it although it is out of SPEC §4's order (the admin confirmed the 409's reason). */
  confirm: z.boolean().optional(),
});

/**
 * PATCH /orders/{id}: contact, remark, the buyer's tax data and staff's price, each sent only when changed. The tax
 * data and the price are on the invoice: while one stands they are frozen (409 ORDER_INVOICED).
 */
export const orderDetailsChangeSchema = z.strictObject({
  email: z.email().max(320).optional(),
  comment: z.string().max(1000).nullable().optional(),
  phone: z.string().max(40).nullable().optional(),
  buyer_vat_id: z.string().max(40).nullable().optional(),
  buyer_reference: z.string().max(60).nullable().optional(),
  /** Staff's price in minor units: the net, or the total it is reached from (not both). */
  amount: z.number().int().min(0).max(100_000_000).optional(),
  amount_gross: z.number().int().min(0).max(100_000_000).optional(),
});

/** PATCH /addresses/{id}: the order's shipping address; SPEC §5's required fields cannot be emptied. */
export const addressChangeSchema = z.strictObject({
  organization: z.string().trim().max(200).nullable().optional(),
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
  address1: z.string().trim().min(1).max(200).optional(),
  address2: z.string().trim().max(200).nullable().optional(),
  zip_code: z.string().trim().min(1).max(20).optional(),
  city: z.string().trim().min(1).max(100).optional(),
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  phone: z.string().max(40).nullable().optional(),
});

const quantity = z.number().int().min(1).max(100_000);
const description = z.string().trim().max(500);
const product = z.string().trim().min(1).max(64);

/** PATCH /line_items/{id}. */
export const lineItemChangeSchema = z.strictObject({
  description: description.optional(),
  quantity: quantity.optional(),
  product: product.optional(),
});

/** POST /orders/{id}/line_items. */
export const newLineItemSchema = z.strictObject({ product, description: description.optional(), quantity });

/** SPEC §3 Order comment: staff's notes on an order. */
const orderCommentSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  content: z.string(),
  completed: z.boolean(),
  email: z.string(),
  created_at: z.string(),
});

/** SPEC §5: a new comment cannot be empty; white space alone is empty too. */
const commentContent = z.string().trim().min(1).max(5000);

/** POST /orders/{id}/comments. */
export const newOrderCommentSchema = z.strictObject({ content: commentContent });

/** PATCH /orders/{id}/comments/{commentId}: new text, or the completed toggle. */
export const orderCommentChangeSchema = z.strictObject({
  content: commentContent.optional(),
  completed: z.boolean().optional(),
});

/** GET /orders/{id}/comments. */
export const orderCommentListSchema = z.object({ comments: z.array(orderCommentSchema) });

/** POST and PATCH of one comment: the comment as it is now. */
export const orderCommentResponseSchema = z.object({ comment: orderCommentSchema });

export type StaffSignalListView = z.infer<typeof staffSignalListSchema>;
export type StaffSignalView = StaffSignalListView['order_signals'][number];
export type NewOrderUpdateBody = z.input<typeof newOrderUpdateSchema>;
export type OrderDetailsChangeBody = z.input<typeof orderDetailsChangeSchema>;
export type AddressChangeBody = z.input<typeof addressChangeSchema>;
export type LineItemChangeBody = z.input<typeof lineItemChangeSchema>;
export type NewLineItemBody = z.input<typeof newLineItemSchema>;
export type OrderCommentView = z.infer<typeof orderCommentSchema>;
export type OrderCommentListView = z.infer<typeof orderCommentListSchema>;
export type OrderCommentResponseView = z.infer<typeof orderCommentResponseSchema>;
export type NewOrderCommentBody = z.input<typeof newOrderCommentSchema>;
export type OrderCommentChangeBody = z.input<typeof orderCommentChangeSchema>;
