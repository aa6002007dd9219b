import { PDFDocument } from 'pdf-lib';
import { setDocumentMetadata, readXmp } from '../pdf/document-metadata.ts';
import { formatDate, type DocumentLanguage } from '../i18n/format.ts';
import type { InvoiceData } from './invoice-data.ts';
import { INVOICE_LABELS } from './invoice-labels.ts';

/** What the metadata says about an invoice: its kind, number and dates, and who issued it. */
export type InvoiceMetadataSource = Pick<
  InvoiceData,
  'kind' | 'number' | 'issueDate' | 'correctedInvoice'
> & {
  seller: { name: string };
};

/**
 * The invoice's title as the page shows it, in the document's language: "Rechnung 2026-000123", and for a
 * credit note "Rechnungskorrektur 2026-000124" (invoice-labels.ts says why not "Gutschrift").
 */
function invoiceDocumentTitle(invoice: InvoiceMetadataSource, language: DocumentLanguage): string {
  const labels = INVOICE_LABELS[language];
  return `${invoice.kind === 'credit_note' ? labels.creditNote : labels.invoice} ${invoice.number}`;
}

/**
 * Rewrites the finished e-invoice's Info dictionary and XMP so that they agree and speak the document's
 * language. @e-invoice-eu/core titles every document "<seller>: Invoice <number>" in its Info, a different
 * English title in its XMP, names itself as creator in one and the seller as producer in the other
 * (issue 21 §3, "Metadata"). Its PDF/A identification and Factur-X extension schema are kept.
 */
export async function withInvoiceMetadata(
  pdf: Uint8Array,
  invoice: InvoiceMetadataSource,
  language: DocumentLanguage,
): Promise<Uint8Array> {
  const labels = INVOICE_LABELS[language];
  const title = invoiceDocumentTitle(invoice, language);
  const kind = invoice.kind === 'credit_note' ? labels.creditNote : labels.invoice;
  const corrected = invoice.correctedInvoice;
  const subject = corrected
    ? `${title} · ${labels.corrects(corrected.number, formatDate(corrected.issueDate, language))}`
    : `${title} · ${formatDate(invoice.issueDate, language)}`;
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  setDocumentMetadata(document, {
    title,
    author: invoice.seller.name,
    subject,
    keywords: [kind, invoice.number, ...eInvoiceStandards(readXmp(document) ?? '')],
    language,
  });
  return document.save();
}

/** The embedded XML's standard, as the Factur-X part of the XMP names it. */
function eInvoiceStandards(xmp: string): string[] {
  const level = /<fx:ConformanceLevel>([^<]*)<\/fx:ConformanceLevel>/.exec(xmp)?.[1];
  if (!level) return [];
  return level === 'XRECHNUNG' ? ['XRechnung'] : ['Factur-X', 'ZUGFeRD'];
}
