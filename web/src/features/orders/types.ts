import type { InvoiceDocumentView, OrderListView, OrderView } from '@stickerbook/api';

// The order pages' types are `z.infer` of the server's order schema in @stickerbook/api ("Checkout and orders").
// Money comes as integer minor units with a `*_human` twin formatted by the server; the pages show the twins and
// compute no money.

export type Order = OrderView;
export type OrderList = OrderListView;
export type Address = NonNullable<Order['shipping_address']>;
export type LineItem = Order['line_items'][number];
export type OrderUpdate = Order['order_updates'][number];
export type Invoice = NonNullable<Order['invoice']>;
/** The credit note that corrected the invoice, with its own signed PDF link. */
export type CreditNote = NonNullable<Order['credit_note']>;
export type StatusCell = Order['design_check'];
/** The ordered album; a deleted one leaves its title (id null, `deleted` true). */
export type OrderAlbum = Order['album'];

/** The states of an issued invoice (the documents panel's); the order's own `invoice.status` is a plain string. */
export type InvoiceStatus = InvoiceDocumentView['status'];
