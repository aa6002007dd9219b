import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { stripeInvoiceRequest } from '../../src/invoices/stripe-request.ts';
import { StripeInvoicing, stripeInvoicingFromConfig } from '../../src/providers/stripe/index.ts';
import { signStripeWebhook, startFakeStripe, type FakeStripe } from '../fakes/stripe.ts';
import { creditNote, invoice } from '../helpers/invoice-fixtures.ts';

const SECRET_KEY = 'sk_test_fake_51Hxyz';
const WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';

describe('Stripe hosted invoices', () => {
  let fake: FakeStripe;
  let stripe: StripeInvoicing;
  beforeAll(async () => {
    fake = await startFakeStripe(SECRET_KEY);
    stripe = stripeInvoicingFromConfig(
      loadConfig({
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
      }),
    )!;
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.requests.length = 0;
  });

  it('is off without STRIPE_SECRET_KEY', () => {
    expect(stripeInvoicingFromConfig(loadConfig({}))).toBeUndefined();
  });

  it('collects the gross after the voucher: the allowance is a negative item', async () => {
    // 38490 − 3849 = 34641 net; 19 % = 6581.79 → 6582; gross 41223
    const withVoucher = invoice({
      number: '2026-000210',
      allowances: [
        { reason: 'Gutschein WILLKOMMEN10', code: 'WILLKOMMEN10', amountMinor: 3849, vatRatePercent: 19 },
      ],
      totals: { netMinor: 34641, vatMinor: 6582, grossMinor: 41223 },
    });
    const created = await stripe.createInvoice(stripeInvoiceRequest(withVoucher));
    expect(created.amountDueMinor).toBe(41223);
    const stored = fake.invoices.get(created.stripeInvoiceId)!;
    const lines = (stored.lines as { data: Array<{ description: string; amount: number }> }).data;
    expect(lines.map((line) => [line.description.replace(/\s/g, ' '), line.amount])).toContainEqual([
      'Gutschein WILLKOMMEN10',
      -3849,
    ]);
  });

  it('creates the customer, the invoice with our lines and VAT, finalises it and returns the payment page', async () => {
    const created = await stripe.createInvoice(stripeInvoiceRequest(invoice({ number: '2026-000200' })));
    expect(created.hostedInvoiceUrl).toMatch(/^https:\/\/invoice\.stripe\.com\/i\//);
    expect(created.status).toBe('open');
    expect(created.amountDueMinor).toBe(45803);

    const stored = fake.invoices.get(created.stripeInvoiceId)!;
    expect(stored).toMatchObject({
      status: 'open',
      currency: 'eur',
      collection_method: 'send_invoice',
      metadata: { invoice_number: '2026-000200', order_number: 'SB-4711' },
    });
    const lines = (stored.lines as { data: Array<{ description: string; quantity: number; amount: number }> })
      .data;
    // Intl puts a no-break space before the euro sign.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(lines.map((line) => [plain(line.description), line.quantity, line.amount])).toEqual([
      ['Stickeralbum Softcover', 50, 28500],
      ['Sticker-Tüten', 200, 9000],
      ['Versand Deutschland', 1, 990],
      ['USt. 19 % auf 384,90 €', 1, 7313],
    ]);
    const customer = fake.customers.get(String(stored.customer))!;
    expect(customer).toMatchObject({
      email: 'erika@example.com',
      name: 'Kita Sonnenschein e. V.',
      address: { line1: 'Lindenallee 3', postal_code: '50667', city: 'Köln', country: 'DE' },
      preferred_locales: ['de'],
    });
    const posts = fake.requests.filter((request) => request.method === 'POST');
    expect(posts.every((request) => request.idempotencyKey?.includes('2026-000200'))).toBe(true);
  });

  it('bills a returning customer on the same Stripe customer', async () => {
    await stripe.createInvoice(stripeInvoiceRequest(invoice({ number: '2026-000201' })));
    await stripe.createInvoice(stripeInvoiceRequest(invoice({ number: '2026-000202' })));
    const erikas = [...fake.customers.values()].filter((customer) => customer.email === 'erika@example.com');
    expect(erikas).toHaveLength(1);
  });

  it('finishes the same Stripe invoice when retried after a failure half-way, without billing twice', async () => {
    const number = '2026-000203';
    const invoicesBefore = fake.invoices.size;
    fake.failNext.set('/v1/invoiceitems', 400);
    await expect(stripe.createInvoice(stripeInvoiceRequest(invoice({ number })))).rejects.toMatchObject({
      code: 'STRIPE_FAILED',
      statusCode: 502,
    });
    const created = await stripe.createInvoice(stripeInvoiceRequest(invoice({ number })));
    expect(fake.invoices.size).toBe(invoicesBefore + 1);
    expect(fake.invoices.get(created.stripeInvoiceId)).toMatchObject({ status: 'open', amount_due: 45803 });
  });

  it('reports a refused API key as a Stripe failure', async () => {
    const wrongKey = new StripeInvoicing({
      secretKey: 'sk_test_wrong',
      apiUrl: fake.url,
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.createInvoice(stripeInvoiceRequest(invoice()))).rejects.toMatchObject({
      code: 'STRIPE_FAILED',
    });
  });

  it('voids an open invoice so a corrected one can no longer be paid', async () => {
    const created = await stripe.createInvoice(stripeInvoiceRequest(invoice({ number: '2026-000204' })));
    await stripe.voidInvoice(created.stripeInvoiceId);
    expect(fake.invoices.get(created.stripeInvoiceId)!.status).toBe('void');
  });

  it('refuses to send a credit note or an invoice without the buyer e-mail to Stripe', () => {
    expect(() => stripeInvoiceRequest(creditNote())).toThrow(
      expect.objectContaining({ code: 'INVOICE_NOT_PAYABLE' }),
    );
    const noEmail = invoice();
    delete noEmail.buyer.email;
    expect(() => stripeInvoiceRequest(noEmail)).toThrow(
      expect.objectContaining({ code: 'INVOICE_BUYER_EMAIL_MISSING' }),
    );
  });

  describe('invoice.paid webhook', () => {
    it('believes an invoice.paid event signed with the endpoint secret', async () => {
      const created = await stripe.createInvoice(stripeInvoiceRequest(invoice({ number: '2026-000205' })));
      const payload = fake.paidEvent(created.stripeInvoiceId);
      const paid = stripe.parseWebhook(Buffer.from(payload), signStripeWebhook(payload, WEBHOOK_SECRET));
      expect(paid).toMatchObject({
        stripeInvoiceId: created.stripeInvoiceId,
        invoiceNumber: '2026-000205',
        amountPaidMinor: 45803,
        currency: 'EUR',
      });
      expect(paid!.eventId).toMatch(/^evt_/);
    });

    it('refuses a changed body, another secret, a missing or a stale signature', async () => {
      const created = await stripe.createInvoice(stripeInvoiceRequest(invoice({ number: '2026-000206' })));
      const payload = fake.paidEvent(created.stripeInvoiceId);
      const signature = signStripeWebhook(payload, WEBHOOK_SECRET);
      const invalid = expect.objectContaining({ code: 'STRIPE_SIGNATURE_INVALID', statusCode: 400 });
      expect(() => stripe.parseWebhook(payload.replace('45803', '1'), signature)).toThrow(invalid);
      expect(() => stripe.parseWebhook(payload, signStripeWebhook(payload, 'whsec_someone_else'))).toThrow(
        invalid,
      );
      expect(() => stripe.parseWebhook(payload, undefined)).toThrow(invalid);
      const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
      expect(() =>
        stripe.parseWebhook(payload, signStripeWebhook(payload, WEBHOOK_SECRET, anHourAgo)),
      ).toThrow(invalid);
    });

    it('ignores other signed events', () => {
      const payload = JSON.stringify({
        id: 'evt_other',
        object: 'event',
        type: 'customer.created',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'cus_1', object: 'customer' } },
      });
      expect(stripe.parseWebhook(payload, signStripeWebhook(payload, WEBHOOK_SECRET))).toBeUndefined();
    });

    it('says so when no webhook secret is configured', () => {
      const withoutSecret = new StripeInvoicing({ secretKey: SECRET_KEY, apiUrl: fake.url });
      expect(() => withoutSecret.parseWebhook('{}', 't=1,v1=00')).toThrow(
        expect.objectContaining({ code: 'STRIPE_WEBHOOK_NOT_CONFIGURED' }),
      );
    });
  });
});
