/** The Order of docs/api-contract.md "Checkout and orders", in the request's language. */
import {
  estimatedDeliveryDate,
  grossOf,
  PRODUCTION_SIGNALS,
  SHIPPED_SIGNALS,
  standingDesignApproval,
  TRANSFERRED_SIGNALS,
  type Currency,
} from '@stickerbook/model';
import type { OrderView } from '@stickerbook/api';
import type { Language } from '../i18n/languages.ts';
import type { OrderDocumentRow, OrderParts, OrderRow, OrderUpdateRow } from './repository.ts';
import { DELIVERY_NOTE_FILE, orderDocumentPath } from '../invoices/document-links.ts';
import { trackingCode, trackingUrl } from './tracking.ts';
import { customerSignalTitle, shippedWithCarrier, signalTitle } from './texts.ts';
import { translated } from '../i18n/languages.ts';
import { formatMoney } from '../i18n/format.ts';
import { changeViews, customerMetadata, ORDER_CHANGED } from './order-changes.ts';
import { coverPreviewUrl } from '../albums/cover-preview.ts';

/** 'SB-10001': the order number as customers quote it. */
export const orderName = (number: number) => `SB-${number}`;

const firstOf = (updates: readonly OrderUpdateRow[], signals: readonly string[]) =>
  updates.find((update) => signals.includes(update.signal));

/**
 * A status cell (SPEC §2 design check, transfer/albums/shipment status) is done at `done`: the first update with
 * one of the cell's signals, or for the design check the approval that stands (the model's order-stage.ts).
 */
function statusCell(done: OrderUpdateRow | undefined, pendingDate: string | null = null) {
  if (!done) return { status: 'pending' as const, date: pendingDate, target: null };
  // SPEC §3: a shipment update may carry a tracking code; the carrier's tracking page is the target.
  return { status: 'done' as const, date: done.createdAt.toISOString(), target: trackingUrl(done.metadata) };
}

/**
 * `linkTo` turns a document path into the link the browser opens (signed by the routes: a link opened in a new
 * tab carries no bearer token); left out, the bare path. `audience`: staff read every update with every change
 * and who made it; the customer (the default) reads their milestones (received, in review, approved, in
 * production, shipped with the tracking link, invoice; the model's CUSTOMER_MILESTONES) under the milestone's
 * title, and the changes that touch them (order-changes.ts) — never the shop's internal steps (export, transfer).
 * The status message is the latest update the reader sees: for the customer, the latest milestone.
 */
export function toOrderView(
  order: OrderRow,
  parts: OrderParts,
  language: Language,
  linkTo: (path: string) => string = (path) => path,
  options: { audience?: 'staff' | 'customer' } = {},
): OrderView {
  const currency = order.currency as Currency;
  const human = (amount: number) => formatMoney(amount, currency, language);
  const staff = options.audience === 'staff';
  const updates = parts.updates.get(order.id) ?? [];
  const titleOf = (signal: string) =>
    (staff ? undefined : customerSignalTitle(signal, language)) ?? signalTitle(signal, language);
  const visibleUpdates = updates.flatMap((update) => {
    if (!staff && update.signal !== ORDER_CHANGED && !customerSignalTitle(update.signal, language)) return [];
    const metadata = staff ? update.metadata : customerMetadata(update.signal, update.metadata);
    return metadata ? [{ update, metadata }] : [];
  });
  const statusOf = (update: OrderUpdateRow) =>
    !staff &&
    SHIPPED_SIGNALS.includes(update.signal as (typeof SHIPPED_SIGNALS)[number]) &&
    trackingUrl(update.metadata)
      ? shippedWithCarrier(language)
      : titleOf(update.signal);
  const address = parts.addresses.get(order.id);
  const album = order.albumId ? parts.albums.get(order.albumId) : undefined;
  const last = visibleUpdates.findLast(({ update }) => staff || update.signal !== ORDER_CHANGED)?.update;
  const invoice = invoiceOf(order.id, parts, linkTo, human);
  const creditNote = creditNoteOf(order.id, parts, linkTo, human);
  return {
    id: order.id,
    number: order.number,
    name: orderName(order.number),
    email: order.email,
    comment: order.comment,
    currency,
    amount: order.amount,
    amount_gross: order.amountGross,
    tax_value: order.taxValue,
    amount_human: human(order.amount),
    amount_net_human: human(order.amount),
    amount_gross_human: human(order.amountGross),
    tax_value_human: human(order.taxValue),
    created_at: order.createdAt.toISOString(),
    status_message: last ? statusOf(last) : '',
    phone: order.phone,
    quote_name: order.quoteName,
    sticker_packaging_type: order.stickerPackagingType,
    no_albums: order.noAlbums,
    order_features: order.orderFeatures,
    voucher: order.voucher
      ? {
          code: order.voucher.code,
          discount: order.voucher.discount,
          discount_human: human(order.voucher.discount),
        }
      : null,
    price_adjustment: order.priceAdjustment,
    price_adjustment_human: human(order.priceAdjustment),
    shipping: {
      amount: order.shippingAmount,
      amount_gross: grossOf(order.shippingAmount, order.vatBasisPoints),
      amount_human: human(order.shippingAmount),
      amount_gross_human: human(grossOf(order.shippingAmount, order.vatBasisPoints)),
    },
    buyer_vat_id: order.buyerVatId,
    buyer_reference: order.buyerReference,
    tax_treatment: order.taxTreatment,
    album: album
      ? {
          id: album.id,
          title: album.title,
          release_date: album.releaseDate,
          language: album.language,
          category: album.category,
          cover_preview_url: coverPreviewUrl(album),
          locked: album.locked,
          deleted: false,
        }
      : {
          id: null,
          title: order.albumTitle ?? '',
          release_date: order.releaseDate,
          language: order.language,
          category: null,
          cover_preview_url: null,
          locked: true,
          deleted: true,
        },
    shipping_address: address
      ? {
          id: address.id,
          organization: address.organization,
          first_name: address.firstName,
          last_name: address.lastName,
          address1: address.address1,
          address2: address.address2,
          zip_code: address.zipCode,
          city: address.city,
          country_code: address.countryCode,
          phone: address.phone,
        }
      : null,
    line_items: (parts.lineItems.get(order.id) ?? []).map((item) => ({
      id: item.id,
      product: item.product,
      title: translated(item.titles, language),
      description: translated(item.descriptions, language),
      quantity: item.quantity,
      unit_amount: item.unitAmount,
      amount: item.amount,
      amount_gross: item.amountGross,
      amount_human: human(item.amount),
      amount_gross_human: human(item.amountGross),
    })),
    order_updates: visibleUpdates.map(({ update, metadata }) => ({
      id: update.id,
      signal: update.signal,
      title: update.signal,
      human_title: titleOf(update.signal),
      message: update.message,
      created_at: update.createdAt.toISOString(),
      metadata,
      target_url: trackingUrl(metadata),
      changes: changeViews(metadata, language, currency),
      author: staff && typeof metadata.by === 'string' ? metadata.by : null,
    })),
    invoice,
    credit_note: creditNote,
    user_invoice: userInvoiceOf(invoice, creditNote),
    delivery_note: staff ? { pdf_url: linkTo(orderDocumentPath(order.id, DELIVERY_NOTE_FILE)) } : null,
    tracking_code: trackingCodeOf(updates),
    design_check: statusCell(standingDesignApproval(updates)),
    transfer_status: statusCell(firstOf(updates, TRANSFERRED_SIGNALS)),
    albums_status: statusCell(firstOf(updates, PRODUCTION_SIGNALS)),
    shipment_status: statusCell(firstOf(updates, SHIPPED_SIGNALS), estimatedDeliveryDate(order.createdAt)),
    review: { can_submit_review: album?.locked === true, can_approve: album !== undefined && !album.locked },
  };
}

/** The one document the customer's order page offers: the standing invoice, else the credit note that voided it. */
function userInvoiceOf(
  invoice: OrderView['invoice'],
  note: OrderView['credit_note'],
): OrderView['user_invoice'] {
  if (invoice?.frozen) return { kind: 'invoice', number: invoice.number, pdf_url: invoice.pdf_url };
  if (note) return { kind: 'credit_note', number: note.number, pdf_url: note.pdf_url };
  return invoice ? { kind: 'invoice', number: invoice.number, pdf_url: invoice.pdf_url } : null;
}

function trackingCodeOf(updates: readonly OrderUpdateRow[]): string | null {
  const shipped = updates.filter((update) =>
    SHIPPED_SIGNALS.includes(update.signal as (typeof SHIPPED_SIGNALS)[number]),
  );
  for (const update of shipped.toReversed()) {
    const code = trackingCode(update.metadata);
    if (code) return code;
  }
  return null;
}

/** The dates a document states: from the data it was built from, so the page says what the PDF says. */
function documentDates(row: OrderDocumentRow): { issueDate: string; dueDate: string | null } {
  const data = row.data as { issueDate?: unknown; dueDate?: unknown };
  return {
    issueDate: typeof data.issueDate === 'string' ? data.issueDate : row.issuedAt.toISOString().slice(0, 10),
    dueDate: typeof data.dueDate === 'string' ? data.dueDate : null,
  };
}

function invoiceOf(
  orderId: string,
  parts: OrderParts,
  linkTo: (path: string) => string,
  human: (amount: number) => string,
): OrderView['invoice'] {
  const invoice = parts.invoices?.get(orderId);
  if (!invoice) return null;
  const { issueDate, dueDate } = documentDates(invoice);
  return {
    status: invoice.status,
    number: invoice.number,
    issue_date: issueDate,
    due_date: dueDate,
    amount_gross: invoice.grossAmount,
    amount_gross_human: human(invoice.grossAmount),
    pdf_url: linkTo(orderDocumentPath(orderId, 'invoice.pdf')),
    // Stripe's page is for paying: only while there is something to pay.
    hosted_invoice_url: invoice.status === 'open' ? invoice.hostedInvoiceUrl : null,
    frozen: invoice.status !== 'void',
    credit_note: invoice.creditNote
      ? { number: invoice.creditNote.number, status: invoice.creditNote.status }
      : null,
  };
}

function creditNoteOf(
  orderId: string,
  parts: OrderParts,
  linkTo: (path: string) => string,
  human: (amount: number) => string,
): OrderView['credit_note'] {
  const note = parts.creditNotes?.get(orderId);
  if (!note) return null;
  const corrected = (note.data as { correctedInvoice?: { number?: unknown } }).correctedInvoice;
  return {
    number: note.number,
    issue_date: documentDates(note).issueDate,
    amount_gross: note.grossAmount,
    amount_gross_human: human(note.grossAmount),
    corrects_number: typeof corrected?.number === 'string' ? corrected.number : '',
    pdf_url: linkTo(orderDocumentPath(orderId, 'credit_note.pdf')),
  };
}
