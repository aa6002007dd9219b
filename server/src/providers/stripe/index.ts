import type { Config } from '../../config/index.ts';
import { StripeInvoicing } from './stripe-invoicing.ts';

export * from './stripe-invoicing.ts';

/** The Stripe client when STRIPE_SECRET_KEY is set; undefined means invoices are our PDFs alone (the default). */
export function stripeInvoicingFromConfig(config: Config): StripeInvoicing | undefined {
  if (!config.stripeSecretKey) return undefined;
  return new StripeInvoicing({
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
    apiUrl: config.stripeApiUrl,
  });
}
