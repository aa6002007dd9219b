/**
 * The order confirmation (issue 13): to the customer, in the album's language (like every mail about an album),
 * HTML and text, with the order summary and the links to the legal pages a shop owes its customers. Its job on the
 * mail queue (jobs/mail.ts) is written in the order's own transaction, so a placed order always has its mail.
 */
import type { Currency } from '@stickerbook/model';
import { type MailJob, escapeHtml } from '../jobs/mail.ts';
import type { Language, Translations } from '../i18n/languages.ts';
import { translated } from '../i18n/languages.ts';
import { formatDay, formatMoney } from '../i18n/format.ts';
import type { AddressRow, LineItemRow, OrderRow } from './repository.ts';
import { orderName } from './view.ts';
import { INVOICE_LABELS } from '../invoices/invoice-labels.ts';

interface MailTexts {
  subject(name: string): string;
  greeting(firstName: string): string;
  intro(title: string): string;
  summary: string;
  net: string;
  shipping: string;
  voucher: string;
  vat: string;
  total: string;
  address: string;
  releaseDate: string;
  next: string;
  orderLink: string;
  legal: { terms: string; customerInformation: string; privacy: string; imprint: string };
  withdrawal: string;
}

const TEXTS: Translations<MailTexts> = {
  de: {
    subject: (name) => `Deine Bestellung ${name} ist eingegangen`,
    greeting: (firstName) => `Hallo ${firstName},`,
    intro: (title) =>
      `vielen Dank für deine Bestellung des Stickeralbums „${title}“. Hier ist deine Übersicht:`,
    summary: 'Deine Bestellung',
    net: 'Summe netto inkl. Versand',
    shipping: 'Versand',
    voucher: 'Gutschein',
    vat: 'MwSt.',
    total: 'Gesamtbetrag',
    address: 'Lieferadresse',
    releaseDate: 'Datum der Veranstaltung',
    next: 'Wir prüfen jetzt dein Design. Sobald du dein Album zum Druck freigibst, geht es in die Produktion.',
    orderLink: 'Deine Bestellung ansehen:',
    legal: {
      terms: 'AGB',
      customerInformation: 'Kundeninformationen',
      privacy: 'Datenschutz',
      imprint: 'Impressum',
    },
    withdrawal:
      'Personalisierte Produkte sind vom Widerrufsrecht ausgeschlossen (siehe Kundeninformationen).',
  },
  en: {
    subject: (name) => `We have received your order ${name}`,
    greeting: (firstName) => `Hello ${firstName},`,
    intro: (title) => `thank you for ordering the sticker album “${title}”. Here is your summary:`,
    summary: 'Your order',
    net: 'Net total incl. shipping',
    shipping: 'Shipping',
    voucher: 'Voucher',
    vat: 'VAT',
    total: 'Total',
    address: 'Delivery address',
    releaseDate: 'Date of the event',
    next: 'We are now checking your design. As soon as you approve your album for print, it goes into production.',
    orderLink: 'View your order:',
    legal: {
      terms: 'Terms',
      customerInformation: 'Customer information',
      privacy: 'Privacy',
      imprint: 'Imprint',
    },
    withdrawal: 'Personalised products are excluded from the right of withdrawal (see customer information).',
  },
  fr: {
    subject: (name) => `Nous avons bien reçu votre commande ${name}`,
    greeting: (firstName) => `Bonjour ${firstName},`,
    intro: (title) => `merci d’avoir commandé l’album de stickers « ${title} ». Voici votre récapitulatif :`,
    summary: 'Votre commande',
    net: 'Total HT, livraison comprise',
    shipping: 'Livraison',
    voucher: 'Bon de réduction',
    vat: 'TVA',
    total: 'Total',
    address: 'Adresse de livraison',
    releaseDate: 'Date de l’événement',
    next: 'Nous vérifions maintenant votre maquette. Dès que vous donnez votre bon à tirer, l’album part en production.',
    orderLink: 'Voir votre commande :',
    legal: {
      terms: 'CGV',
      customerInformation: 'Informations client',
      privacy: 'Confidentialité',
      imprint: 'Mentions légales',
    },
    withdrawal:
      'Les produits personnalisés sont exclus du droit de rétractation (voir les informations client).',
  },
  it: {
    subject: (name) => `Abbiamo ricevuto il tuo ordine ${name}`,
    greeting: (firstName) => `Ciao ${firstName},`,
    intro: (title) => `grazie per aver ordinato l’album di figurine “${title}”. Ecco il riepilogo:`,
    summary: 'Il tuo ordine',
    net: 'Totale netto, spedizione inclusa',
    shipping: 'Spedizione',
    voucher: 'Buono',
    vat: 'IVA',
    total: 'Totale',
    address: 'Indirizzo di consegna',
    releaseDate: 'Data dell’evento',
    next: 'Ora controlliamo il tuo design. Appena approvi l’album per la stampa, passa in produzione.',
    orderLink: 'Vedi il tuo ordine:',
    legal: {
      terms: 'Condizioni generali',
      customerInformation: 'Informazioni per il cliente',
      privacy: 'Privacy',
      imprint: 'Note legali',
    },
    withdrawal:
      'I prodotti personalizzati sono esclusi dal diritto di recesso (vedi informazioni per il cliente).',
  },
  pl: {
    subject: (name) => `Otrzymaliśmy twoje zamówienie ${name}`,
    greeting: (firstName) => `Cześć ${firstName},`,
    intro: (title) => `dziękujemy za zamówienie albumu z naklejkami „${title}”. Oto podsumowanie:`,
    summary: 'Twoje zamówienie',
    net: 'Suma netto z wysyłką',
    shipping: 'Wysyłka',
    voucher: 'Bon',
    vat: 'VAT',
    total: 'Razem',
    address: 'Adres dostawy',
    releaseDate: 'Data wydarzenia',
    next: 'Sprawdzamy teraz twój projekt. Gdy tylko zatwierdzisz album do druku, trafi do produkcji.',
    orderLink: 'Zobacz swoje zamówienie:',
    legal: {
      terms: 'Regulamin',
      customerInformation: 'Informacje dla klienta',
      privacy: 'Prywatność',
      imprint: 'Nota prawna',
    },
    withdrawal:
      'Produkty personalizowane są wyłączone z prawa odstąpienia od umowy (zob. informacje dla klienta).',
  },
};

/** What the confirmation mail shows of an order: written inside the order's transaction, before it commits. */
export interface ConfirmationInput {
  order: Pick<
    OrderRow,
    | 'id'
    | 'number'
    | 'currency'
    | 'email'
    | 'shippingAmount'
    | 'voucher'
    | 'amount'
    | 'taxValue'
    | 'amountGross'
    | 'releaseDate'
    | 'taxTreatment'
  >;
  address: Pick<
    AddressRow,
    'organization' | 'firstName' | 'lastName' | 'address1' | 'address2' | 'zipCode' | 'city' | 'countryCode'
  >;
  lineItems: ReadonlyArray<Pick<LineItemRow, 'quantity' | 'titles' | 'amount'>>;
  albumTitle: string;
  language: Language;
  publicUrl: string;
}

export function orderConfirmationMail(input: ConfirmationInput): MailJob {
  const { order, address, language, publicUrl } = input;
  const t = TEXTS[language];
  const money = (amount: number) => formatMoney(amount, order.currency as Currency, language);
  const name = orderName(order.number);
  const lines = input.lineItems.map((item) => ({
    label: `${item.quantity} × ${translated(item.titles, language)}`,
    amount: money(item.amount),
  }));
  const totals: Array<[string, string]> = [
    [t.shipping, money(order.shippingAmount)],
    ...(order.voucher
      ? [[`${t.voucher} ${order.voucher.code}`, `−${money(order.voucher.discount)}`] as [string, string]]
      : []),
    [t.net, money(order.amount)],
    [t.vat, money(order.taxValue)],
    [t.total, money(order.amountGross)],
  ];
  // Why an order without VAT has none, in the invoice's own words (issue 21 §4).
  const labels = INVOICE_LABELS[language];
  const taxNote =
    order.taxTreatment === 'reverse_charge'
      ? labels.reverseCharge
      : order.taxTreatment === 'export'
        ? labels.exportDelivery
        : null;
  const addressLines = [
    address.organization,
    `${address.firstName} ${address.lastName}`,
    address.address1,
    address.address2,
    `${address.zipCode} ${address.city}`,
    address.countryCode,
  ].filter((line): line is string => Boolean(line));
  const legal: Array<[string, string]> = [
    [t.legal.terms, `${publicUrl}/terms`],
    [t.legal.customerInformation, `${publicUrl}/customer-information`],
    [t.legal.privacy, `${publicUrl}/privacy`],
    [t.legal.imprint, `${publicUrl}/imprint`],
  ];
  const orderUrl = `${publicUrl}/orders/${order.id}`;
  const firstName = address.firstName;
  const releaseDate = formatDay(order.releaseDate, language);

  const text = [
    t.greeting(firstName),
    '',
    t.intro(input.albumTitle),
    '',
    `${t.summary} ${name}`,
    ...lines.map((line) => `${line.label}: ${line.amount}`),
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...(taxNote ? [taxNote] : []),
    '',
    `${t.releaseDate}: ${releaseDate}`,
    '',
    `${t.address}:`,
    ...addressLines,
    '',
    t.next,
    '',
    t.orderLink,
    orderUrl,
    '',
    t.withdrawal,
    ...legal.map(([label, url]) => `${label}: ${url}`),
  ].join('\n');

  const row = (label: string, value: string, bold = false) =>
    `<tr><td style="padding:2px 16px 2px 0">${bold ? '<b>' : ''}${escapeHtml(label)}${bold ? '</b>' : ''}</td>` +
    `<td style="text-align:right">${bold ? '<b>' : ''}${escapeHtml(value)}${bold ? '</b>' : ''}</td></tr>`;
  const html = [
    `<p>${escapeHtml(t.greeting(firstName))}</p>`,
    `<p>${escapeHtml(t.intro(input.albumTitle))}</p>`,
    `<h3>${escapeHtml(`${t.summary} ${name}`)}</h3>`,
    '<table style="border-collapse:collapse">',
    ...lines.map((line) => row(line.label, line.amount)),
    ...totals.map(([label, value], i) => row(label, value, i === totals.length - 1)),
    '</table>',
    ...(taxNote ? [`<p>${escapeHtml(taxNote)}</p>`] : []),
    `<p>${escapeHtml(t.releaseDate)}: ${escapeHtml(releaseDate)}</p>`,
    `<p><b>${escapeHtml(t.address)}</b><br>${addressLines.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(t.next)}</p>`,
    `<p>${escapeHtml(t.orderLink)} <a href="${escapeHtml(orderUrl)}">${escapeHtml(orderUrl)}</a></p>`,
    `<p style="color:#777;font-size:12px">${escapeHtml(t.withdrawal)}<br>` +
      legal.map(([label, url]) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`).join(' · ') +
      '</p>',
  ].join('\n');
  return { to: order.email, subject: t.subject(name), text, html };
}
