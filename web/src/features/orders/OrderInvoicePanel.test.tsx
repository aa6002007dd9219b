import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDom, stubMatchMedia } from '../../render/test-support.tsx';
import { en } from '../../i18n/locales/en.ts';
import { OrderInvoicePanel } from './OrderInvoicePanel.tsx';
import type { CreditNote, Invoice } from './types.ts';

const invoice = (fields: Partial<Invoice> = {}): Invoice => ({
  status: 'open',
  number: '2026-000042',
  issue_date: '2026-11-27',
  due_date: null,
  amount_gross: 33915,
  amount_gross_human: '€339.15',
  pdf_url: '/api/v1/orders/o1/invoice.pdf?exp=1&sig=a',
  hosted_invoice_url: null,
  frozen: true,
  credit_note: null,
  ...fields,
});

const creditNote: CreditNote = {
  number: '2026-000043',
  issue_date: '2026-11-28',
  amount_gross: 33915,
  amount_gross_human: '€339.15',
  corrects_number: '2026-000042',
  pdf_url: '/api/v1/orders/o1/credit_note.pdf?exp=1&sig=b',
};

async function renderPanel(shown: Invoice | null, note: CreditNote | null = null) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return renderDom(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <OrderInvoicePanel invoice={shown} creditNote={note} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

const byTestId = (container: HTMLElement, id: string) => container.querySelector(`[data-testid="${id}"]`);

describe('the customer’s invoice panel (issue 21 §3)', () => {
  beforeEach(() => {
    stubMatchMedia();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says an invoice will come while there is none', async () => {
    const view = await renderPanel(null);
    expect(byTestId(view.container, 'customer-invoice-none')?.textContent).toContain('No invoice yet');
    expect(view.container.querySelectorAll('a')).toHaveLength(0);
    view.unmount();
  });

  it('shows an open invoice with amount, due on receipt, how to pay and its PDF', async () => {
    const view = await renderPanel(invoice());
    const text = view.container.textContent ?? '';
    expect(text).toContain('Invoice 2026-000042');
    expect(byTestId(view.container, 'customer-invoice-status')?.textContent).toBe('Open');
    expect(text).toContain('€339.15');
    expect(text).toContain('On receipt');
    expect(text).toContain('invoice number 2026-000042 as the payment reference');
    const link = byTestId(view.container, 'customer-invoice-download')!;
    expect(link.getAttribute('href')).toBe('/api/v1/orders/o1/invoice.pdf?exp=1&sig=a');
    expect(link.hasAttribute('download')).toBe(true);
    expect(byTestId(view.container, 'customer-invoice-pay-online')).toBeNull();
    view.unmount();
  });

  it('offers Stripe’s page for an open invoice that has one, and no due date or payment text once paid', async () => {
    const hosted = 'https://invoice.stripe.com/i/acct/test_1';
    const open = await renderPanel(invoice({ hosted_invoice_url: hosted }));
    const pay = byTestId(open.container, 'customer-invoice-pay-online')!;
    expect(pay.getAttribute('href')).toBe(hosted);
    expect(pay.getAttribute('rel')).toContain('noopener');
    open.unmount();
    const paid = await renderPanel(invoice({ status: 'paid' }));
    expect(byTestId(paid.container, 'customer-invoice-status')?.textContent).toBe('Paid');
    expect(paid.container.textContent).toContain('The invoice is paid.');
    expect(paid.container.textContent).not.toContain('On receipt');
    paid.unmount();
  });

  it('shows a credit note with its own link and what it means, beside the cancelled invoice', async () => {
    const view = await renderPanel(invoice({ status: 'void' }), creditNote);
    expect(byTestId(view.container, 'customer-invoice-status')?.textContent).toBe('Cancelled');
    const note = byTestId(view.container, 'customer-credit-note')!;
    expect(note.textContent).toContain('Credit note 2026-000043');
    expect(note.textContent).toContain('Credit note 2026-000043 cancels invoice 2026-000042 in full.');
    expect(note.textContent).not.toMatch(/refund/i);
    expect(byTestId(view.container, 'customer-credit-note-download')?.getAttribute('href')).toBe(
      '/api/v1/orders/o1/credit_note.pdf?exp=1&sig=b',
    );
    view.unmount();
  });
});
