// Shapes of docs/api-contract.md "Checkout and orders" the order pages read. Money comes as integer minor units
// with a `*_human` twin formatted by the server; the pages show the twins and compute no money.

export interface Address {
  id: string;
  organization: string | null;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  zip_code: string;
  city: string;
  country_code: string;
  phone: string | null;
}

export interface LineItem {
  id: string;
  product: string;
  title: string;
  description: string | null;
  quantity: number;
  unit_amount: number;
  amount: number;
  amount_gross: number;
  amount_human: string;
  amount_gross_human: string;
}

export interface OrderUpdate {
  id: string;
  signal: string;
  title: string;
  human_title: string;
  message: string | null;
  created_at: string;
  metadata: Record<string, unknown> | null;
  target_url: string | null;
  /** What a staff edit changed, formatted by the server in the reader's language ("Alben: 40 → 55"). */
  changes?: OrderChange[];
  /** Who made a staff edit (admins only). */
  author?: string | null;
}

interface OrderChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface Invoice {
  status: InvoiceStatus | string;
  number: string | null;
  /** ISO days: when it was issued, and when it is due (null: payable on receipt). */
  issue_date?: string;
  due_date?: string | null;
  amount_gross?: number;
  amount_gross_human?: string;
  pdf_url: string | null;
  /** Stripe's page for paying it, while it is open and Stripe made one. */
  hosted_invoice_url: string | null;
  /** The invoice stands: what it invoiced cannot be edited until a credit note voids it. */
  frozen?: boolean;
  credit_note?: { number: string; status: string } | null;
}

/** The credit note that corrected the invoice, with its own signed PDF link. */
export interface CreditNote {
  number: string;
  issue_date: string;
  amount_gross: number;
  amount_gross_human: string;
  /** The number of the invoice it corrects. */
  corrects_number: string;
  pdf_url: string;
}

export interface StatusCell {
  status: 'pending' | 'done';
  date: string | null;
  target: string | null;
}

/** The ordered album; a deleted one leaves its title (id null, `deleted` true). */
export interface OrderAlbum {
  id: string | null;
  title: string;
  release_date: string | null;
  language: string | null;
  category: string | null;
  cover_preview_url: string | null;
  locked: boolean;
  deleted?: boolean;
}

export interface Order {
  id: string;
  number: string | null;
  name: string;
  email: string;
  comment: string | null;
  currency: string;
  amount: number;
  amount_gross: number;
  tax_value: number;
  amount_human: string;
  amount_gross_human: string;
  tax_value_human: string;
  created_at: string;
  status_message: string | null;
  phone: string | null;
  quote_name: string | null;
  sticker_packaging_type: string;
  no_albums: number;
  order_features: string[];
  voucher: null | { code: string; discount: number; discount_human: string };
  /** Staff's signed net price adjustment (0 at list prices). */
  price_adjustment?: number;
  price_adjustment_human?: string;
  /** Shipping as the order froze it; the browser shows the server's amounts and never computes money. */
  shipping?: { amount: number; amount_gross: number; amount_human: string; amount_gross_human: string };
  buyer_vat_id?: string | null;
  buyer_reference?: string | null;
  tax_treatment?: 'standard' | 'reverse_charge' | 'export';
  album: OrderAlbum;
  shipping_address: Address;
  line_items: LineItem[];
  order_updates: OrderUpdate[];
  invoice: Invoice | null;
  credit_note?: CreditNote | null;
  design_check?: StatusCell | null;
  transfer_status?: StatusCell | null;
  albums_status?: StatusCell | null;
  shipment_status?: StatusCell | null;
  review: { can_submit_review: boolean; can_approve: boolean };
}

export interface Pagination {
  page: number;
  per: number;
  total: number;
  pages: number;
}

export interface OrderList {
  orders: Order[];
  pagination: Pagination;
}
