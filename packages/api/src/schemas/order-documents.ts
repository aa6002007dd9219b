/**
 * An order's documents for the back office (SPEC §7, issue 14): its invoices and credit notes, the delivery note,
 * the print partner's order JSON, the artifact export and the SFTP transfer. Every `*_url` is a signed link that
 * opens without a bearer token and expires; money is integer minor units.
 */
import { z } from 'zod';
import { orderSchema } from './orders.ts';

/** An issued invoice or credit note. */
const invoiceDocumentSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  gross_amount: z.number().int(),
  currency: z.string(),
  pdf_url: z.string(),
  hosted_invoice_url: z.string().nullable(),
  issued_at: z.string(),
});

/**
 * GET /orders/{id}/documents: the latest invoice and credit note, every issued document oldest first (a credit
 * note and the corrected invoice after it), and the delivery note's link.
 */
export const orderDocumentsSchema = z.object({
  invoice: invoiceDocumentSchema.nullable(),
  credit_note: invoiceDocumentSchema.nullable(),
  history: z.array(invoiceDocumentSchema),
  delivery_note_url: z.string(),
});

/** POST /orders/{id}/invoice. */
export const issuedInvoiceSchema = z.object({ invoice: invoiceDocumentSchema });

/** POST /orders/{id}/credit_note. */
export const issuedCreditNoteSchema = z.object({ credit_note: invoiceDocumentSchema });

/** GET /orders/{id}/delivery_note: the link to the delivery note's PDF. */
export const deliveryNoteLinkSchema = z.object({ pdf_url: z.string() });

/**
 * GET /orders/{id}/esveco_json: the order as the print partner reads it (the same JSON goes into the artifact):
 * order, address, lines, the album's statistics and the print files the artifact carries (SPEC §9 presets).
 */
export const esvecoJsonSchema = z.object({
  order: z.object({
    id: z.string(),
    number: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    comment: z.string().nullable(),
    currency: orderSchema.shape.currency,
    amount: z.number().int(),
    amount_gross: z.number().int(),
    tax_value: z.number().int(),
    created_at: z.string(),
    release_date: z.string().nullable(),
    no_albums: z.number().int(),
    sticker_packaging_type: z.string(),
    order_features: z.array(z.string()),
  }),
  address: orderSchema.shape.shipping_address,
  lines: z.array(
    z.object({
      product: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      unit_amount: z.number().int(),
      amount: z.number().int(),
      amount_gross: z.number().int(),
    }),
  ),
  /** Null when the album was deleted after the order. */
  album: z
    .object({
      id: z.string(),
      identifier: z.string(),
      title: z.string(),
      statistics: z.object({
        sections: z.number().int(),
        spreads: z.number().int(),
        stickers: z.number().int(),
      }),
    })
    .nullable(),
  files: z.array(z.object({ name: z.string(), preset: z.string() })),
});

/** GET and POST /orders/{id}/esveco_artifact: the print partner's zip, polled while it is built. */
export const artifactStateSchema = z.object({
  state: z.enum(['none', 'working', 'finished', 'error']),
  progress: z.number().int(),
  blob_url: z.string().nullable(),
  byte_size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  error: z.string().nullable(),
});

/** POST /orders/{id}/transfer: where the artifact landed on the print partner's server. */
export const orderTransferSchema = z.object({ remote_path: z.string(), byte_size: z.number().int() });

export type InvoiceDocumentView = z.infer<typeof invoiceDocumentSchema>;
export type OrderDocumentsView = z.infer<typeof orderDocumentsSchema>;
export type IssuedInvoiceView = z.infer<typeof issuedInvoiceSchema>;
export type IssuedCreditNoteView = z.infer<typeof issuedCreditNoteSchema>;
export type EsvecoJsonView = z.infer<typeof esvecoJsonSchema>;
export type ArtifactStateView = z.infer<typeof artifactStateSchema>;
export type OrderTransferView = z.infer<typeof orderTransferSchema>;
