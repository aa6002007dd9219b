/**
 * What the invoice mail says (invoices/invoice-mail.ts), in each of the five languages: the number, the amount in
 * the language's format, the due date or "on receipt", the bank transfer with the number as the reference, the
 * Stripe page when there is one, and for a credit note the invoice it corrects, with a refund only for a paid one.
 */
import { describe, expect, it } from 'vitest';
import { invoiceMail, type InvoiceMailInput } from '../../src/invoices/invoice-mail.ts';

const seller = { name: 'Stickerbook GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };

function input(
  overrides: Partial<InvoiceMailInput> = {},
  document: Partial<InvoiceMailInput['document']> = {},
) {
  return {
    to: 'kunde@example.org',
    language: 'de',
    firstName: 'Erika',
    orderName: 'SB-10001',
    orderUrl: 'https://shop.example/orders/1',
    document: {
      kind: 'invoice',
      number: '2026-000042',
      issueDate: '2026-11-27',
      grossMinor: 33915,
      currency: 'EUR',
      storageKey: 'invoices/2026/2026-000042.pdf',
      hostedInvoiceUrl: null,
      ...document,
    },
    seller,
    ...overrides,
  } satisfies InvoiceMailInput;
}

const LANGUAGES = [
  {
    language: 'de',
    amount: '339,15 €',
    due: '11. Dezember 2026',
    onReceipt: 'sofort nach Erhalt',
    reference: 'Verwendungszweck',
  },
  {
    language: 'en',
    amount: '€339.15',
    due: '11 December 2026',
    onReceipt: 'on receipt',
    reference: 'Payment reference',
  },
  {
    language: 'fr',
    amount: '339,15 €',
    due: '11 décembre 2026',
    onReceipt: 'à réception',
    reference: 'Référence du virement',
  },
  {
    language: 'it',
    amount: '339,15 €',
    due: '11 dicembre 2026',
    onReceipt: 'al ricevimento',
    reference: 'Causale',
  },
  {
    language: 'pl',
    amount: '339,15 zł',
    due: '11 grudnia 2026',
    onReceipt: 'po otrzymaniu',
    reference: 'Tytuł przelewu',
  },
] as const;

describe('the invoice mail', () => {
  it.each(LANGUAGES)('in $language names the number, amount, due date and the bank transfer', (c) => {
    const currency = c.language === 'pl' ? 'PLN' : 'EUR';
    const mail = invoiceMail(input({ language: c.language }, { dueDate: '2026-12-11', currency }));
    expect(mail.to).toBe('kunde@example.org');
    expect(mail.subject).toContain('2026-000042');
    expect(mail.text.replace(/\u00a0|\u202f/g, ' ')).toContain(c.amount);
    expect(mail.text).toContain(c.due);
    expect(mail.text).toContain('IBAN: DE02 1203 0000 0000 2020 51');
    expect(mail.text).toContain('BIC: BYLADEM1001');
    expect(mail.text).toContain(`${c.reference}: 2026-000042`);
    expect(mail.attachments).toEqual([
      {
        filename: '2026-000042.pdf',
        contentType: 'application/pdf',
        storageKey: 'invoices/2026/2026-000042.pdf',
      },
    ]);
    if (c.language !== 'en') expect(mail.text).not.toMatch(/Please|transfer|Invoice/);
    // Without a due date the invoice is payable on receipt, as its PDF says.
    expect(invoiceMail(input({ language: c.language })).text).toContain(c.onReceipt);
  });

  it('offers Stripe’s page first when the invoice has one, and still the bank transfer', () => {
    const mail = invoiceMail(input({}, { hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct/test_1' }));
    expect(mail.text).toContain('Online bezahlen: https://invoice.stripe.com/i/acct/test_1');
    expect(mail.text).toContain('Oder per Überweisung:');
    expect(mail.text).toContain('Verwendungszweck: 2026-000042');
    expect(mail.html).toContain('href="https://invoice.stripe.com/i/acct/test_1"');
  });

  it('for a credit note names the corrected invoice and asks nothing to be paid, refunding only a paid invoice', () => {
    const unpaid = invoiceMail(
      input(
        { corrected: { number: '2026-000042', issueDate: '2026-11-27', paid: false } },
        { kind: 'credit_note', number: '2026-000043' },
      ),
    );
    expect(unpaid.subject).toBe('Rechnungskorrektur 2026-000043 zu deiner Rechnung 2026-000042');
    expect(unpaid.text).toContain('Sie korrigiert die Rechnung 2026-000042 vom 27. November 2026');
    expect(unpaid.text).toContain('Die Rechnung 2026-000042 musst du nicht mehr bezahlen.');
    expect(unpaid.text).not.toMatch(/erstatten|IBAN|überweise/);
    const paid = invoiceMail(
      input(
        { language: 'en', corrected: { number: '2026-000042', issueDate: '2026-11-27', paid: true } },
        { kind: 'credit_note', number: '2026-000043' },
      ),
    );
    expect(paid.subject).toBe('Credit note 2026-000043 for your invoice 2026-000042');
    expect(paid.text).toContain('We will refund the €339.15 you already paid for invoice 2026-000042.');
  });

  it('escapes what the customer typed in the HTML part', () => {
    const mail = invoiceMail(input({ firstName: '<b>Eve</b>' }));
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });
});
