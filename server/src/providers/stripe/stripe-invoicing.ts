import Stripe from 'stripe';
import { AppError } from '../../http/errors.ts';

/**
 * Stripe hosted invoices (DESIGN.md "Outside services": invoices through Stripe when STRIPE_SECRET_KEY is set).
 * Our own e-invoice PDF stays the legal document; Stripe gives the customer a payment page
 * (`hosted_invoice_url`) and tells us through its signed `invoice.paid` webhook when the money arrived.
 *
 * Every request carries an idempotency key derived from our invoice number, so a retry after a crash or timeout
 * finds the customer, invoice and items it already made instead of billing twice.
 */
export interface StripeInvoiceRequest {
  /** Our invoice number (2026-000123); also the idempotency key's stem and `metadata.invoice_number`. */
  invoiceNumber: string;
  /** ISO 4217, any case. */
  currency: string;
  customer: {
    email: string;
    name: string;
    address: { line1: string; line2?: string; postCode: string; city: string; countryCode: string };
    /** Language of Stripe's mails and payment page (de, en, fr, it, pl). */
    language?: string;
  };
  /** Net lines and one line per VAT rate, so Stripe's total is exactly our invoice's gross. */
  items: Array<{ description: string; quantity: number; unitAmountMinor: number }>;
  /** Days the customer has to pay; default STRIPE_DAYS_UNTIL_DUE. */
  daysUntilDue?: number;
  metadata?: Record<string, string>;
}

/** The payment term of a Stripe invoice; the checkout states it before the order is placed (issue 21 §3). */
export const STRIPE_DAYS_UNTIL_DUE = 14;

export interface StripeInvoiceCreated {
  stripeInvoiceId: string;
  hostedInvoiceUrl: string;
  status: string;
  amountDueMinor: number;
}

export interface StripeInvoicePaid {
  stripeInvoiceId: string;
  /** Our number, from the invoice's metadata; undefined for invoices made elsewhere in the same Stripe account. */
  invoiceNumber?: string;
  amountPaidMinor: number;
  currency: string;
  eventId: string;
}

export interface StripeInvoicingOptions {
  secretKey: string;
  webhookSecret?: string;
  /** https://api.stripe.com, or a fake in tests. */
  apiUrl?: string;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

export class StripeInvoicing {
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeInvoicingOptions) {
    const api = new URL(options.apiUrl ?? 'https://api.stripe.com');
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      timeout: options.timeoutMs ?? 20_000,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      telemetry: false,
      appInfo: { name: 'Stickerbook' },
    });
  }

  /** Customer (found by e-mail or created), a draft invoice, its items, then finalised: open and payable. */
  async createInvoice(request: StripeInvoiceRequest): Promise<StripeInvoiceCreated> {
    const key = (step: string) => ({
      idempotencyKey: `stickerbook-invoice-${request.invoiceNumber}-${step}`,
    });
    const currency = request.currency.toLowerCase();
    try {
      const customerId = await this.findOrCreateCustomer(request, key('customer'));
      const draft = await this.stripe.invoices.create(
        {
          customer: customerId,
          currency,
          collection_method: 'send_invoice',
          days_until_due: request.daysUntilDue ?? STRIPE_DAYS_UNTIL_DUE,
          auto_advance: false,
          description: request.invoiceNumber,
          metadata: { ...request.metadata, invoice_number: request.invoiceNumber },
        },
        key('invoice'),
      );
      for (const [index, item] of request.items.entries()) {
        await this.stripe.invoiceItems.create(
          {
            customer: customerId,
            invoice: draft.id,
            currency,
            description: item.description,
            quantity: item.quantity,
            unit_amount_decimal: Stripe.Decimal.from(item.unitAmountMinor),
          },
          key(`item-${index}`),
        );
      }
      const open = await this.stripe.invoices.finalizeInvoice(draft.id!, {}, key('finalize'));
      if (!open.hosted_invoice_url) throw new Error(`Stripe returned no hosted_invoice_url for ${open.id}`);
      return {
        stripeInvoiceId: open.id!,
        hostedInvoiceUrl: open.hosted_invoice_url,
        status: open.status ?? 'open',
        amountDueMinor: open.amount_due,
      };
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  /** A correction (credit note on our side) voids the open Stripe invoice so it can no longer be paid. */
  async voidInvoice(stripeInvoiceId: string): Promise<void> {
    try {
      await this.stripe.invoices.voidInvoice(
        stripeInvoiceId,
        {},
        { idempotencyKey: `stickerbook-void-${stripeInvoiceId}` },
      );
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  /**
   * Checks the `Stripe-Signature` of a webhook against the raw body (never re-serialised JSON: one changed byte
   * breaks the HMAC) and returns the paid invoice for `invoice.paid`, undefined for other event types.
   * A wrong or stale signature (over 5 minutes, Stripe's default tolerance) throws STRIPE_SIGNATURE_INVALID.
   */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): StripeInvoicePaid | undefined {
    if (!this.options.webhookSecret) {
      throw new AppError(503, 'STRIPE_WEBHOOK_NOT_CONFIGURED', 'STRIPE_WEBHOOK_SECRET is not set');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', this.options.webhookSecret);
    } catch {
      throw new AppError(
        400,
        'STRIPE_SIGNATURE_INVALID',
        'The Stripe-Signature header does not match the body',
      );
    }
    if (event.type !== 'invoice.paid') return undefined;
    const invoice = event.data.object;
    return {
      stripeInvoiceId: invoice.id!,
      invoiceNumber: invoice.metadata?.invoice_number,
      amountPaidMinor: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      eventId: event.id,
    };
  }

  private async findOrCreateCustomer(
    request: StripeInvoiceRequest,
    options: Stripe.RequestOptions,
  ): Promise<string> {
    const { customer } = request;
    const existing = await this.stripe.customers.list({ email: customer.email, limit: 1 });
    if (existing.data[0]) return existing.data[0].id;
    const created = await this.stripe.customers.create(
      {
        email: customer.email,
        name: customer.name,
        address: {
          line1: customer.address.line1,
          line2: customer.address.line2,
          postal_code: customer.address.postCode,
          city: customer.address.city,
          country: customer.address.countryCode,
        },
        preferred_locales: customer.language ? [customer.language] : undefined,
      },
      options,
    );
    return created.id;
  }
}

/** Stripe's own message can name account details: it stays on `cause` for the log, the caller gets a code. */
function stripeFailure(error: unknown): Error {
  if (error instanceof AppError) return error;
  const failure = new AppError(502, 'STRIPE_FAILED', 'Stripe could not create or change the invoice');
  failure.cause = error;
  return failure;
}
