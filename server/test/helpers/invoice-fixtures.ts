/** A German print shop's invoice and credit note as the orders feature will hand them to the invoice modules. */
import { loadConfig } from '../../src/config/index.ts';
import type { InvoiceData } from '../../src/invoices/e-invoice.ts';

export const seller = loadConfig({
  SELLER_NAME: 'Albumdruck Muster GmbH',
  SELLER_STREET: 'Hafenstraße 7',
  SELLER_POSTCODE: '20457',
  SELLER_CITY: 'Hamburg',
  SELLER_VAT_ID: 'DE811907980',
  SELLER_IBAN: 'DE89370400440532013000',
  SELLER_BIC: 'COBADEFFXXX',
  SELLER_EMAIL: 'rechnung@albumdruck.example',
  SELLER_PHONE: '+49 40 123456',
  SELLER_CONTACT: 'Buchhaltung, Erika Muster',
  SELLER_LEGAL_INFO: 'Amtsgericht Hamburg HRB 123456 · Geschäftsführerin: Erika Muster',
}).seller;

export function invoice(overrides: Partial<InvoiceData> = {}): InvoiceData {
  return {
    number: '2026-000123',
    kind: 'invoice',
    issueDate: '2026-03-01',
    dueDate: '2026-03-15',
    delivery: { date: '2026-03-10', kind: 'actual' },
    orderNumber: 'SB-4711',
    taxTreatment: 'standard',
    seller,
    buyer: {
      name: 'Erika Mustermann',
      organization: 'Kita Sonnenschein e. V.',
      address: { line1: 'Lindenallee 3', postCode: '50667', city: 'Köln', countryCode: 'DE' },
      email: 'erika@example.com',
    },
    currency: 'EUR',
    lines: [
      {
        title: 'Stickeralbum Softcover',
        description: '48 Seiten, 50 Stück',
        quantity: 50,
        unitNetMinor: 570,
        vatRatePercent: 19,
      },
      { title: 'Sticker-Tüten', quantity: 200, unitNetMinor: 45, vatRatePercent: 19 },
      { title: 'Versand Deutschland', quantity: 1, unitNetMinor: 990, vatRatePercent: 19 },
    ],
    // 28500 + 9000 + 990 = 38490 net; 19 % = 7313.1 → 7313
    totals: { netMinor: 38490, vatMinor: 7313, grossMinor: 45803 },
    ...overrides,
  };
}

export const creditNote = (overrides: Partial<InvoiceData> = {}) =>
  invoice({
    number: '2026-000124',
    kind: 'credit_note',
    issueDate: '2026-03-20',
    dueDate: undefined,
    correctedInvoice: { number: '2026-000123', issueDate: '2026-03-01' },
    lines: [
      { title: 'Sticker-Tüten (zu viel berechnet)', quantity: 100, unitNetMinor: 45, vatRatePercent: 19 },
    ],
    totals: { netMinor: 4500, vatMinor: 855, grossMinor: 5355 },
    ...overrides,
  });
