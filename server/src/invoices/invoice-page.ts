import { A4Document, CONTENT_WIDTH_MM } from '../pdf/a4-document.ts';
import {
  countryName,
  formatDate,
  formatMoney,
  formatPercent,
  formatQuantity,
  type DocumentLanguage,
} from '../i18n/format.ts';
import type { CheckedInvoice } from './invoice-data.ts';
import { INVOICE_LABELS } from './invoice-labels.ts';

/** The payment sentence, shared by the page and the XML's payment terms (BT-20) so both say the same. */
export function paymentTermsText(invoice: CheckedInvoice, language: DocumentLanguage): string {
  const labels = INVOICE_LABELS[language];
  const amount = formatMoney(invoice.totals.grossMinor, invoice.currency, language);
  if (invoice.kind === 'credit_note') {
    // A refund is promised only for money that was paid (issue 21): an unpaid invoice is simply cancelled.
    return invoice.correctedInvoicePaid
      ? labels.refund(amount)
      : labels.cancelled(invoice.correctedInvoice?.number ?? '');
  }
  return invoice.dueDate
    ? labels.payBy(amount, formatDate(invoice.dueDate, language))
    : labels.payNow(amount);
}

/**
 * The human-readable invoice: the page a customer prints or an accountant files. The e-invoice's XML carries
 * the same numbers; this page is what pdftotext and people read.
 */
export async function renderInvoicePage(
  invoice: CheckedInvoice,
  language: DocumentLanguage,
): Promise<Uint8Array> {
  const labels = INVOICE_LABELS[language];
  const money = (amountMinor: number) => formatMoney(amountMinor, invoice.currency, language);
  const { seller, buyer } = invoice;
  const title = `${invoice.kind === 'credit_note' ? labels.creditNote : labels.invoice} ${invoice.number}`;
  const doc = await A4Document.create({ title, author: seller.name, language });

  doc.line(seller.name, { bold: true, sizePt: 14 });
  doc.line(
    [
      seller.address.line1,
      `${seller.address.postCode} ${seller.address.city}`,
      countryName(seller.address.countryCode, language),
    ].join(' · '),
    { muted: true, sizePt: 8 },
  );
  doc.gap(8);

  const meta: Array<[string, string]> = [
    [labels.number, invoice.number],
    [labels.issueDate, formatDate(invoice.issueDate, language)],
  ];
  if (invoice.delivery) {
    meta.push([
      invoice.delivery.kind === 'actual' ? labels.deliveryDate : labels.plannedDeliveryDate,
      formatDate(invoice.delivery.date, language),
    ]);
  }
  if (invoice.dueDate && invoice.kind === 'invoice')
    meta.push([labels.dueDate, formatDate(invoice.dueDate, language)]);
  if (invoice.orderNumber) meta.push([labels.order, invoice.orderNumber]);
  if (invoice.buyerReference) meta.push([labels.buyerReference, invoice.buyerReference]);
  doc.columns([
    {
      xMm: 0,
      lines: [
        ...(buyer.organization ? [{ text: buyer.organization }] : []),
        { text: buyer.name },
        { text: buyer.address.line1 },
        ...(buyer.address.line2 ? [{ text: buyer.address.line2 }] : []),
        { text: `${buyer.address.postCode} ${buyer.address.city}` },
        { text: countryName(buyer.address.countryCode, language) },
        ...(buyer.vatId ? [{ text: `${labels.vatId} ${buyer.vatId}` }] : []),
      ],
    },
    { xMm: 95, lines: meta.map(([label]) => ({ text: label, muted: true })) },
    { xMm: CONTENT_WIDTH_MM, lines: meta.map(([, value]) => ({ text: value, align: 'right' as const })) },
  ]);
  doc.gap(10);

  doc.line(title, { bold: true, sizePt: 16 });
  if (invoice.correctedInvoice) {
    const { number, issueDate } = invoice.correctedInvoice;
    doc.line(labels.corrects(number, formatDate(issueDate, language)));
  }
  doc.gap(4);

  doc.table(
    [
      { header: labels.position, widthMm: 10 },
      { header: labels.description, widthMm: 72 },
      { header: labels.quantity, widthMm: 15, align: 'right' },
      { header: labels.unitPrice, widthMm: 30, align: 'right' },
      { header: labels.vat, widthMm: 13, align: 'right' },
      { header: labels.amount, widthMm: 30, align: 'right' },
    ],
    invoice.lines.map((line, index) => [
      String(index + 1),
      line.description ? `${line.title}\n${line.description}` : line.title,
      formatQuantity(line.quantity, language),
      money(line.unitNetMinor),
      formatPercent(line.vatRatePercent, language),
      money(invoice.lineNetMinor[index]!),
    ]),
  );
  doc.rule();

  const totals: Array<[string, string, boolean]> = [];
  const allowances = invoice.allowances ?? [];
  if (allowances.length > 0) {
    totals.push([labels.lineTotal, money(invoice.lineTotalMinor), false]);
    for (const allowance of allowances)
      totals.push([allowance.reason, `−${money(allowance.amountMinor)}`, false]);
  }
  totals.push([labels.netTotal, money(invoice.totals.netMinor), false]);
  for (const group of invoice.vatGroups) {
    totals.push([
      labels.vatOn(formatPercent(group.ratePercent, language), money(group.netMinor)),
      money(group.vatMinor),
      false,
    ]);
  }
  totals.push([labels.grossTotal, money(invoice.totals.grossMinor), true]);
  for (const [label, value, bold] of totals) {
    doc.line(label, { xMm: 95, bold });
    doc.text(value, { align: 'right', bold });
  }
  doc.gap(8);

  const treatment = invoice.taxTreatment ?? 'standard';
  if (treatment !== 'standard') {
    doc.line(treatment === 'reverse_charge' ? labels.reverseCharge : labels.exportDelivery, { bold: true });
    doc.gap(2);
  }
  doc.line(paymentTermsText(invoice, language));
  if (invoice.kind === 'invoice') doc.line(labels.bank(seller.iban, seller.bic, invoice.number));
  doc.gap(10);
  doc.rule();
  const contact = [seller.contact.name, seller.contact.email, seller.contact.phone]
    .filter(Boolean)
    .join(' · ');
  doc.line(`${seller.name} · ${labels.vatId} ${seller.vatId} · IBAN ${seller.iban} · BIC ${seller.bic}`, {
    muted: true,
    sizePt: 8,
  });
  doc.line(`${labels.contact}: ${contact}`, { muted: true, sizePt: 8 });
  if (seller.legalInfo) doc.line(seller.legalInfo, { muted: true, sizePt: 8 });
  return doc.save();
}
