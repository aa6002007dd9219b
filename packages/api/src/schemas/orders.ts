/**
 * Checkout and orders (docs/api-contract.md "Checkout and orders"): the live quote, the order form, the placed
 * order and the order as its customer and staff read it. Money is integer minor units; each `*_human` is the
 * server's formatting in the request's language.
 */
import { canonicalPackagingType, TAX_TREATMENTS } from '@stickerbook/model';
import { z } from 'zod';
import { preflightEntrySchema } from './albums.ts';

const statusCellSchema = z.object({
  status: z.enum(['pending', 'done']),
  date: z.string().nullable(),
  target: z.string().nullable(),
});

const addressSchema = z.object({
  id: z.string(),
  organization: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  zip_code: z.string(),
  city: z.string(),
  country_code: z.string(),
  phone: z.string().nullable(),
});

const lineItemSchema = z.object({
  id: z.string().optional(),
  product: z.string(),
  title: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: z.number().int(),
  amount: z.number().int(),
  amount_gross: z.number().int(),
  amount_human: z.string(),
  amount_gross_human: z.string(),
});

/** One change of an `order_changed` update, as the reader reads it: "Alben: 40 → 55" (order-changes.ts). */
const orderChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
});

const orderUpdateSchema = z.object({
  id: z.string(),
  signal: z.string(),
  title: z.string(),
  human_title: z.string(),
  message: z.string().nullable(),
  created_at: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  target_url: z.string().nullable(),
  /** What an edit changed (empty for other updates). */
  changes: z.array(orderChangeSchema),
  /** Who made a staff change; admins only. */
  author: z.string().nullable(),
});

export const orderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  email: z.string(),
  comment: z.string().nullable(),
  currency: z.enum(['EUR', 'PLN']),
  amount: z.number().int(),
  amount_gross: z.number().int(),
  tax_value: z.number().int(),
  amount_human: z.string(),
  /** SPEC §3: the net amount as shown (the same figure as `amount_human`, named as the spec lists it). */
  amount_net_human: z.string(),
  amount_gross_human: z.string(),
  tax_value_human: z.string(),
  created_at: z.string(),
  status_message: z.string(),
  phone: z.string().nullable(),
  quote_name: z.string().nullable(),
  sticker_packaging_type: z.string(),
  no_albums: z.number().int(),
  order_features: z.array(z.string()),
  voucher: z.object({ code: z.string(), discount: z.number().int(), discount_human: z.string() }).nullable(),
  /** Staff's signed net price adjustment (PATCH amount/amount_gross); 0 when the list prices stand. */
  price_adjustment: z.number().int(),
  price_adjustment_human: z.string(),
  /**
   * Shipping as the order froze it, its own line in the customer's item table (issue 22 item 11): the net, and
   * the gross at the order's rate the way every line's gross is made (model pricing `grossOf`).
   */
  shipping: z.object({
    amount: z.number().int(),
    amount_gross: z.number().int(),
    amount_human: z.string(),
    amount_gross_human: z.string(),
  }),
  /** The buyer's tax data (issue 21 §4/§5) and the VAT treatment it gives. */
  buyer_vat_id: z.string().nullable(),
  buyer_reference: z.string().nullable(),
  tax_treatment: z.enum(['standard', 'reverse_charge', 'export']),
  /**
   * The ordered album. A deleted album leaves what the order keeps of it (issue 22): `id` null, `deleted` true, its
   * title, the order's event date and language.
   */
  album: z.object({
    id: z.string().nullable(),
    title: z.string(),
    release_date: z.string().nullable(),
    language: z.string(),
    category: z.string().nullable(),
    cover_preview_url: z.string().nullable(),
    locked: z.boolean(),
    deleted: z.boolean(),
  }),
  shipping_address: addressSchema.nullable(),
  /** An order's lines have ids (staff edit them one by one); a quote's lines have none. */
  line_items: z.array(lineItemSchema.extend({ id: z.string() })),
  order_updates: z.array(orderUpdateSchema),
  invoice: z
    .object({
      status: z.string(),
      number: z.string(),
      /** ISO date of issue, and of payment due when the invoice sets one (else payable on receipt). */
      issue_date: z.string(),
      due_date: z.string().nullable(),
      amount_gross: z.number().int(),
      amount_gross_human: z.string(),
      pdf_url: z.string().nullable(),
      hosted_invoice_url: z.string().nullable(),
      /**
       * The invoice stands (not void): what it invoiced is frozen, edits answer 409 ORDER_INVOICED
       * (invoice-freeze.ts). False once a credit note voided it: the order may be corrected and invoiced again.
       */
      frozen: z.boolean(),
      credit_note: z.object({ number: z.string(), status: z.string() }).nullable(),
    })
    .nullable(),
  /** The credit note that corrected the invoice (issue 21 §3), with its own link. */
  credit_note: z
    .object({
      number: z.string(),
      issue_date: z.string(),
      amount_gross: z.number().int(),
      amount_gross_human: z.string(),
      corrects_number: z.string(),
      pdf_url: z.string(),
    })
    .nullable(),
  /**
   * SPEC §3: the invoice as the customer holds it, the standing document they download (or the credit note that
   * voided it, while no corrected invoice stands); null before an invoice is issued.
   */
  user_invoice: z
    .object({ kind: z.enum(['invoice', 'credit_note']), number: z.string(), pdf_url: z.string().nullable() })
    .nullable(),
  /** SPEC §3: the parcel's delivery note, a link for staff; null for the customer (it goes into the parcel). */
  delivery_note: z.object({ pdf_url: z.string() }).nullable(),
  /** SPEC §3: the carrier's tracking code of the latest shipment update, once the albums or stickers are shipped. */
  tracking_code: z.string().nullable(),
  design_check: statusCellSchema,
  transfer_status: statusCellSchema,
  albums_status: statusCellSchema,
  shipment_status: statusCellSchema,
  review: z.object({ can_submit_review: z.boolean(), can_approve: z.boolean() }),
});
/**
 * How the customer pays (issue 21 §3, stated before the order is placed): on invoice, by bank transfer without
 * deduction on receipt (the built-in invoice's terms, invoices/invoice-labels.ts `payNow`), or through Stripe's
 * hosted invoice page within its term when Stripe is configured.
 */
const paymentSchema = z.object({
  method: z.enum(['invoice_bank_transfer', 'stripe_hosted_invoice']),
  /** Days after the invoice date; null = on receipt of the invoice. */
  due_days: z.number().int().nullable(),
});

const checkoutSchema = z.object({
  errors: z.array(preflightEntrySchema),
  album: z.object({
    id: z.string(),
    title: z.string(),
    release_date: z.string().nullable(),
    language: z.string(),
    category: z.string().nullable(),
    cover_preview_url: z.string().nullable(),
  }),
  blueprint_category: z.string().nullable(),
  no_albums_range: z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
  countries: z.array(z.string()),
  default_country_code: z.string(),
  packaging_types: z.array(
    z.object({
      key: z.enum(['stickerpack', 'stickerbox_single_variety']),
      title: z.string(),
      description: z.string(),
    }),
  ),
  available_features: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      description: z.string(),
      amount: z.number().int(),
      amount_human: z.string(),
    }),
  ),
  currency: z.enum(['EUR', 'PLN']),
  line_items: z.array(lineItemSchema),
  shipping: z.object({ amount: z.number().int(), amount_human: z.string() }),
  amount: z.number().int(),
  amount_gross: z.number().int(),
  tax_value: z.number().int(),
  amount_human: z.string(),
  amount_gross_human: z.string(),
  tax_value_human: z.string(),
  /** How VAT applies (issue 21 §4): the table's rate, reverse charge (0 %) or export (0 %). */
  tax_treatment: z.enum(TAX_TREATMENTS),
  vat_basis_points: z.number().int(),
  payment: paymentSchema,
  voucher: z
    .object({
      code: z.string(),
      status: z.enum(['valid', 'invalid', 'inactive', 'taken', 'below_minimum_amount']),
      error_message: z.string().nullable(),
      discount: z.number().int(),
      discount_human: z.string(),
    })
    .nullable(),
  estimated_delivery_date: z.string(),
  delivery_warning: z.boolean(),
});
const text = (max: number) => z.string().max(max).nullable().optional();
const asArray = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** GET /albums/{id}/checkout: the product step's choices; every one optional (the server's defaults apply). */
export const checkoutQuerySchema = z.strictObject({
  no_albums: z.coerce.number().int().optional(),
  sticker_packaging_type: z.string().max(50).transform(canonicalPackagingType).optional(),
  country_code: z.string().max(2).optional(),
  order_features: z.preprocess(asArray, z.array(z.string().max(100)).max(20)),
  voucher_code: z.string().max(100).optional(),
  /** The event date chosen in the product step, for the delivery warning before it is saved. */
  release_date: z.iso.date().optional(),
  /** The buyer's VAT id (issue 21 §4): with a valid one an EU business abroad is quoted under reverse charge. */
  vat_id: z.string().max(100).optional(),
  /** The Leitweg-ID of a public buyer (issue 21 §5): checked here too, so the form learns early. */
  buyer_reference: z.string().max(100).optional(),
});

/**
 * Types are checked here (400); every rule of SPEC §5 is checked by packages/model `checkoutFormErrors` and
 * answered 422 with translated messages per field, so lengths here are only a bound on what we read.
 */
export const orderFormSchema = z.strictObject({
  album_id: z.string().min(1).max(64),
  organization: text(1000),
  firstName: text(1000),
  lastName: text(1000),
  email: text(1000),
  phone: text(1000),
  areaCode: text(100),
  address1: text(1000),
  address2: text(1000),
  zipCode: text(1000),
  city: text(1000),
  countryCode: text(10),
  noAlbums: z.number().int(),
  comment: text(10_000),
  orderFeatures: z.array(z.string().max(100)).max(20).default([]),
  voucherCode: text(100),
  quoteName: text(1000),
  stickerPackagingType: z.string().max(100).transform(canonicalPackagingType).nullable().optional(),
  releaseDate: text(100),
  vatId: text(100),
  buyerReference: text(100),
  printConsent: z.boolean().optional(),
  /**
   * The gross total the order button showed (§ 312j BGB: the button states what is paid). When the server's own
   * price differs, the order is refused with 409 PRICE_CHANGED and the new total, and nothing is written.
   */
  expected_amount_gross: z.number().int().nonnegative().optional(),
  // Other amounts a client sends are ignored: the server prices every order itself.
  amount: z.unknown().optional(),
  amount_gross: z.unknown().optional(),
});

/** POST /orders: the placed order, 201 when new, 200 when the idempotency key was seen before. */
export const placedOrderSchema = z.object({
  order: z.object({
    id: z.string(),
    number: z.number().int(),
    name: z.string(),
    amount: z.number().int(),
    amount_gross: z.number().int(),
    currency: z.enum(['EUR', 'PLN']),
    album: z.object({ id: z.string().nullable(), release_date: z.string().nullable() }),
  }),
});

/** GET /albums/{id}/checkout. */
export const checkoutResponseSchema = z.object({ checkout: checkoutSchema });

/** GET /orders/{id} and every change of one order. */
export const orderResponseSchema = z.object({ order: orderSchema });

/** POST /orders/{id}/submit_review: the customer's feedback on the design, which unlocks the album (SPEC §4). */
export const reviewFeedbackSchema = z
  .strictObject({ message: z.string().trim().max(5000).nullable().optional() })
  .nullish();

/** GET /orders: the signed-in user's orders, a page at a time. */
export const orderListSchema = z.object({
  orders: z.array(orderSchema),
  pagination: z.object({ page: z.number(), per: z.number(), total: z.number(), pages: z.number() }),
});

export type CheckoutView = z.infer<typeof checkoutSchema>;
export type CheckoutResponseView = z.infer<typeof checkoutResponseSchema>;
export type OrderFormBody = z.input<typeof orderFormSchema>;
export type PlacedOrderResponseView = z.infer<typeof placedOrderSchema>;
export type PlacedOrderView = PlacedOrderResponseView['order'];
export type OrderListView = z.infer<typeof orderListSchema>;
export type OrderView = z.infer<typeof orderSchema>;
export type OrderResponseView = z.infer<typeof orderResponseSchema>;
export type ReviewFeedbackBody = z.input<typeof reviewFeedbackSchema>;
