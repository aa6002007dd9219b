/**
 * The mail that brings the customer an issued invoice or credit note (issue 21 §3 "Paying is stated plainly"),
 * with the PDF attached, in the order's language like the documents themselves (never the language of the admin
 * who clicked "issue"). An invoice's mail says what to pay, by when and how: the Stripe page when the invoice has
 * one, and always the bank transfer with the invoice number as the reference. A credit note's mail says which
 * invoice it corrects; it promises a refund only when that invoice had been paid (issue 21: a credit note of an
 * unpaid invoice refunds nothing, it only means the invoice need not be paid).
 */
import type { SellerConfig } from '../config/index.ts';
import { type MailJob, escapeHtml } from '../jobs/mail.ts';
import { formatDate, formatMoney, type DocumentLanguage } from '../i18n/format.ts';
import { INVOICE_LABELS } from './invoice-labels.ts';
import type { Translations } from '../i18n/languages.ts';

interface InvoiceMailTexts {
  greeting(firstName: string): string;
  invoiceSubject(document: string, number: string, orderName: string): string;
  invoiceIntro(document: string, number: string, orderName: string): string;
  creditNoteSubject(document: string, number: string, invoiceNumber: string): string;
  creditNoteIntro(document: string, number: string, orderName: string): string;
  number: string;
  date: string;
  amount: string;
  due: string;
  dueOnReceipt: string;
  howToPay: string;
  payOnline: string;
  payOnlineOr: string;
  transfer(amount: string, due: string | null): string;
  accountHolder: string;
  reference: string;
  corrects(invoiceNumber: string, invoiceDate: string): string;
  noPaymentNeeded(invoiceNumber: string): string;
  refund(amount: string, invoiceNumber: string): string;
  orderLink: string;
  closing: string;
}

const TEXTS: Translations<InvoiceMailTexts> = {
  de: {
    greeting: (firstName) => `Hallo ${firstName},`,
    invoiceSubject: (document, number, order) => `Deine ${document} ${number} zur Bestellung ${order}`,
    invoiceIntro: (document, number, order) =>
      `anbei findest du die ${document} ${number} zu deiner Bestellung ${order} als PDF.`,
    creditNoteSubject: (document, number, invoice) => `${document} ${number} zu deiner Rechnung ${invoice}`,
    creditNoteIntro: (document, number, order) =>
      `anbei findest du die ${document} ${number} zu deiner Bestellung ${order} als PDF.`,
    number: 'Nummer',
    date: 'Datum',
    amount: 'Betrag',
    due: 'Fällig am',
    dueOnReceipt: 'sofort nach Erhalt',
    howToPay: 'So bezahlst du:',
    payOnline: 'Online bezahlen:',
    payOnlineOr: 'Oder per Überweisung:',
    transfer: (amount, due) =>
      due
        ? `Bitte überweise ${amount} bis zum ${due} auf dieses Konto:`
        : `Bitte überweise ${amount} ohne Abzug nach Erhalt der Rechnung auf dieses Konto:`,
    accountHolder: 'Kontoinhaber',
    reference: 'Verwendungszweck',
    corrects: (invoice, date) =>
      `Sie korrigiert die Rechnung ${invoice} vom ${date}; diese ist damit storniert.`,
    noPaymentNeeded: (invoice) => `Die Rechnung ${invoice} musst du nicht mehr bezahlen.`,
    refund: (amount, invoice) =>
      `Den für die Rechnung ${invoice} bereits bezahlten Betrag von ${amount} erstatten wir dir.`,
    orderLink: 'Deine Bestellung ansehen:',
    closing: 'Viele Grüße',
  },
  en: {
    greeting: (firstName) => `Hello ${firstName},`,
    invoiceSubject: (document, number, order) =>
      `Your ${document.toLowerCase()} ${number} for order ${order}`,
    invoiceIntro: (document, number, order) =>
      `please find attached ${document.toLowerCase()} ${number} for your order ${order} as a PDF.`,
    creditNoteSubject: (document, number, invoice) => `${document} ${number} for your invoice ${invoice}`,
    creditNoteIntro: (document, number, order) =>
      `please find attached ${document.toLowerCase()} ${number} for your order ${order} as a PDF.`,
    number: 'Number',
    date: 'Date',
    amount: 'Amount',
    due: 'Due',
    dueOnReceipt: 'on receipt',
    howToPay: 'How to pay:',
    payOnline: 'Pay online:',
    payOnlineOr: 'Or by bank transfer:',
    transfer: (amount, due) =>
      due
        ? `Please transfer ${amount} by ${due} to this account:`
        : `Please transfer ${amount} without deduction on receipt of the invoice to this account:`,
    accountHolder: 'Account holder',
    reference: 'Payment reference',
    corrects: (invoice, date) => `It corrects invoice ${invoice} of ${date}, which is hereby cancelled.`,
    noPaymentNeeded: (invoice) => `You no longer need to pay invoice ${invoice}.`,
    refund: (amount, invoice) => `We will refund the ${amount} you already paid for invoice ${invoice}.`,
    orderLink: 'View your order:',
    closing: 'Kind regards',
  },
  fr: {
    greeting: (firstName) => `Bonjour ${firstName},`,
    invoiceSubject: (document, number, order) =>
      `Votre ${document.toLowerCase()} ${number} pour la commande ${order}`,
    invoiceIntro: (document, number, order) =>
      `veuillez trouver ci-joint la ${document.toLowerCase()} ${number} de votre commande ${order} au format PDF.`,
    creditNoteSubject: (document, number, invoice) => `${document} ${number} de votre facture ${invoice}`,
    creditNoteIntro: (document, number, order) =>
      `veuillez trouver ci-joint l’${document.toLowerCase()} ${number} de votre commande ${order} au format PDF.`,
    number: 'Numéro',
    date: 'Date',
    amount: 'Montant',
    due: 'Échéance',
    dueOnReceipt: 'à réception',
    howToPay: 'Comment payer :',
    payOnline: 'Payer en ligne :',
    payOnlineOr: 'Ou par virement bancaire :',
    transfer: (amount, due) =>
      due
        ? `Merci de virer ${amount} avant le ${due} sur ce compte :`
        : `Merci de virer ${amount} sans déduction dès réception de la facture sur ce compte :`,
    accountHolder: 'Titulaire du compte',
    reference: 'Référence du virement',
    corrects: (invoice, date) => `Il rectifie la facture ${invoice} du ${date}, qui est ainsi annulée.`,
    noPaymentNeeded: (invoice) => `Vous n’avez plus à payer la facture ${invoice}.`,
    refund: (amount, invoice) => `Nous vous remboursons les ${amount} déjà payés pour la facture ${invoice}.`,
    orderLink: 'Voir votre commande :',
    closing: 'Cordialement',
  },
  it: {
    greeting: (firstName) => `Ciao ${firstName},`,
    invoiceSubject: (document, number, order) =>
      `La tua ${document.toLowerCase()} ${number} per l’ordine ${order}`,
    invoiceIntro: (document, number, order) =>
      `in allegato trovi la ${document.toLowerCase()} ${number} del tuo ordine ${order} in formato PDF.`,
    creditNoteSubject: (document, number, invoice) => `${document} ${number} della tua fattura ${invoice}`,
    creditNoteIntro: (document, number, order) =>
      `in allegato trovi la ${document.toLowerCase()} ${number} del tuo ordine ${order} in formato PDF.`,
    number: 'Numero',
    date: 'Data',
    amount: 'Importo',
    due: 'Scadenza',
    dueOnReceipt: 'al ricevimento',
    howToPay: 'Come pagare:',
    payOnline: 'Paga online:',
    payOnlineOr: 'Oppure con bonifico:',
    transfer: (amount, due) =>
      due
        ? `Ti preghiamo di bonificare ${amount} entro il ${due} su questo conto:`
        : `Ti preghiamo di bonificare ${amount} senza detrazioni al ricevimento della fattura su questo conto:`,
    accountHolder: 'Intestatario del conto',
    reference: 'Causale',
    corrects: (invoice, date) => `Corregge la fattura ${invoice} del ${date}, che è quindi annullata.`,
    noPaymentNeeded: (invoice) => `Non devi più pagare la fattura ${invoice}.`,
    refund: (amount, invoice) => `Ti rimborseremo i ${amount} già pagati per la fattura ${invoice}.`,
    orderLink: 'Vedi il tuo ordine:',
    closing: 'Cordiali saluti',
  },
  pl: {
    greeting: (firstName) => `Dzień dobry ${firstName},`,
    invoiceSubject: (document, number, order) => `${document} ${number} do zamówienia ${order}`,
    invoiceIntro: (document, number, order) =>
      `w załączniku przesyłamy dokument „${document} ${number}” do zamówienia ${order} w formacie PDF.`,
    creditNoteSubject: (document, number, invoice) => `${document} ${number} do faktury ${invoice}`,
    creditNoteIntro: (document, number, order) =>
      `w załączniku przesyłamy dokument „${document} ${number}” do zamówienia ${order} w formacie PDF.`,
    number: 'Numer',
    date: 'Data',
    amount: 'Kwota',
    due: 'Termin płatności',
    dueOnReceipt: 'po otrzymaniu',
    howToPay: 'Jak zapłacić:',
    payOnline: 'Zapłać online:',
    payOnlineOr: 'Lub przelewem:',
    transfer: (amount, due) =>
      due
        ? `Prosimy o przelew ${amount} do dnia ${due} na to konto:`
        : `Prosimy o przelew ${amount} bez potrąceń po otrzymaniu faktury na to konto:`,
    accountHolder: 'Właściciel rachunku',
    reference: 'Tytuł przelewu',
    corrects: (invoice, date) => `Koryguje ona fakturę ${invoice} z dnia ${date}, która zostaje anulowana.`,
    noPaymentNeeded: (invoice) => `Nie musisz już płacić faktury ${invoice}.`,
    refund: (amount, invoice) => `Zwrócimy Ci kwotę ${amount} zapłaconą już za fakturę ${invoice}.`,
    orderLink: 'Zobacz swoje zamówienie:',
    closing: 'Pozdrawiamy',
  },
};

/** An IBAN in groups of four, as people type it: DE02 1203 0000 0000 2020 51. */
const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** What the mail shows of the document: its frozen InvoiceData and row, never the order as it is now. */
export interface InvoiceMailInput {
  to: string;
  language: DocumentLanguage;
  firstName: string;
  orderName: string;
  orderUrl: string;
  document: {
    kind: 'invoice' | 'credit_note';
    number: string;
    issueDate: string;
    dueDate?: string;
    grossMinor: number;
    currency: string;
    storageKey: string;
    /** Stripe's page for paying the invoice, when Stripe made one. */
    hostedInvoiceUrl: string | null;
  };
  seller: Pick<SellerConfig, 'name' | 'iban' | 'bic'>;
  /** A credit note's invoice, and whether it had been paid when the credit note was issued. */
  corrected?: { number: string; issueDate: string; paid: boolean };
}

export function invoiceMail(input: InvoiceMailInput): MailJob {
  const { document, language, seller } = input;
  const t = TEXTS[language];
  const labels = INVOICE_LABELS[language];
  const amount = formatMoney(document.grossMinor, document.currency, language);
  const day = (iso: string) => formatDate(iso, language);
  const isCreditNote = document.kind === 'credit_note';
  const documentName = isCreditNote ? labels.creditNote : labels.invoice;

  /** Blocks of lines; each block is a paragraph in HTML. Links are kept apart so HTML can make them anchors. */
  const facts: Array<[string, string]> = [
    [t.number, document.number],
    [t.date, day(document.issueDate)],
    [t.amount, amount],
  ];
  const paragraphs: string[][] = [];
  let payOnline: string | null = null;
  if (!isCreditNote) {
    facts.push([t.due, document.dueDate ? day(document.dueDate) : t.dueOnReceipt]);
    payOnline = document.hostedInvoiceUrl;
    paragraphs.push([
      ...(payOnline ? [t.payOnlineOr] : []),
      t.transfer(amount, document.dueDate ? day(document.dueDate) : null),
      `${t.accountHolder}: ${seller.name}`,
      `IBAN: ${groupedIban(seller.iban)}`,
      `BIC: ${seller.bic}`,
      `${t.reference}: ${document.number}`,
    ]);
  } else if (input.corrected) {
    const { corrected } = input;
    paragraphs.push([
      t.corrects(corrected.number, day(corrected.issueDate)),
      corrected.paid ? t.refund(amount, corrected.number) : t.noPaymentNeeded(corrected.number),
    ]);
  }

  const subject = isCreditNote
    ? t.creditNoteSubject(documentName, document.number, input.corrected?.number ?? '')
    : t.invoiceSubject(documentName, document.number, input.orderName);
  const intro = (isCreditNote ? t.creditNoteIntro : t.invoiceIntro)(
    documentName,
    document.number,
    input.orderName,
  );

  const text = [
    t.greeting(input.firstName),
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(isCreditNote ? [] : [t.howToPay, ...(payOnline ? [`${t.payOnline} ${payOnline}`, ''] : [])]),
    ...paragraphs.flatMap((lines) => [...lines, '']),
    t.orderLink,
    input.orderUrl,
    '',
    t.closing,
    seller.name,
  ].join('\n');

  const html = [
    `<p>${escapeHtml(t.greeting(input.firstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    ...facts.map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td><b>${escapeHtml(value)}</b></td></tr>`,
    ),
    '</table>',
    ...(isCreditNote
      ? []
      : [
          `<h3>${escapeHtml(t.howToPay)}</h3>`,
          ...(payOnline ? [`<p><a href="${escapeHtml(payOnline)}">${escapeHtml(t.payOnline)}</a></p>`] : []),
        ]),
    ...paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`),
    `<p>${escapeHtml(t.orderLink)} <a href="${escapeHtml(input.orderUrl)}">${escapeHtml(input.orderUrl)}</a></p>`,
    `<p>${escapeHtml(t.closing)}<br>${escapeHtml(seller.name)}</p>`,
  ].join('\n');

  return {
    to: input.to,
    subject,
    text,
    html,
    attachments: [
      { filename: `${document.number}.pdf`, contentType: 'application/pdf', storageKey: document.storageKey },
    ],
  };
}
