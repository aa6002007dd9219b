import type { DocumentLanguage } from '../pdf/format.ts';

/**
 * The words on the readable invoice page, in the customer's language. The German terms are the ones German
 * bookkeeping uses: a correction of an issued invoice is a "Rechnungskorrektur" (a "Gutschrift" would be
 * self-billing under §14 UStG).
 */
export interface InvoiceLabels {
  invoice: string;
  creditNote: string;
  number: string;
  issueDate: string;
  dueDate: string;
  deliveryDate: string;
  order: string;
  corrects: (number: string, date: string) => string;
  position: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vat: string;
  amount: string;
  netTotal: string;
  vatOn: (rate: string, net: string) => string;
  grossTotal: string;
  payBy: (amount: string, date: string) => string;
  payNow: (amount: string) => string;
  refund: (amount: string) => string;
  bank: (iban: string, bic: string, reference: string) => string;
  vatId: string;
  contact: string;
}

export const INVOICE_LABELS: Record<DocumentLanguage, InvoiceLabels> = {
  de: {
    invoice: 'Rechnung',
    creditNote: 'Rechnungskorrektur',
    number: 'Nummer',
    issueDate: 'Datum',
    dueDate: 'Fällig am',
    deliveryDate: 'Lieferdatum',
    order: 'Bestellung',
    corrects: (number, date) => `Korrektur der Rechnung ${number} vom ${date}`,
    position: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis netto',
    vat: 'USt.',
    amount: 'Betrag netto',
    netTotal: 'Summe netto',
    vatOn: (rate, net) => `USt. ${rate} auf ${net}`,
    grossTotal: 'Gesamtbetrag',
    payBy: (amount, date) => `Bitte überweisen Sie ${amount} bis zum ${date}.`,
    payNow: (amount) => `Bitte überweisen Sie ${amount} ohne Abzug nach Erhalt der Rechnung.`,
    refund: (amount) => `Den Betrag von ${amount} erstatten wir Ihnen.`,
    bank: (iban, bic, reference) => `IBAN ${iban} · BIC ${bic} · Verwendungszweck ${reference}`,
    vatId: 'USt-IdNr.',
    contact: 'Kontakt',
  },
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    issueDate: 'Date',
    dueDate: 'Due date',
    deliveryDate: 'Delivery date',
    order: 'Order',
    corrects: (number, date) => `Corrects invoice ${number} of ${date}`,
    position: 'No.',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price (net)',
    vat: 'VAT',
    amount: 'Amount (net)',
    netTotal: 'Total net',
    vatOn: (rate, net) => `VAT ${rate} on ${net}`,
    grossTotal: 'Total',
    payBy: (amount, date) => `Please transfer ${amount} by ${date}.`,
    payNow: (amount) => `Please transfer ${amount} without deduction on receipt of this invoice.`,
    refund: (amount) => `We will refund the amount of ${amount} to you.`,
    bank: (iban, bic, reference) => `IBAN ${iban} · BIC ${bic} · Reference ${reference}`,
    vatId: 'VAT ID',
    contact: 'Contact',
  },
  fr: {
    invoice: 'Facture',
    creditNote: 'Avoir',
    number: 'Numéro',
    issueDate: 'Date',
    dueDate: 'Échéance',
    deliveryDate: 'Date de livraison',
    order: 'Commande',
    corrects: (number, date) => `Rectifie la facture ${number} du ${date}`,
    position: 'N°',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire HT',
    vat: 'TVA',
    amount: 'Montant HT',
    netTotal: 'Total HT',
    vatOn: (rate, net) => `TVA ${rate} sur ${net}`,
    grossTotal: 'Total TTC',
    payBy: (amount, date) => `Merci de virer ${amount} avant le ${date}.`,
    payNow: (amount) => `Merci de virer ${amount} sans escompte à réception de la facture.`,
    refund: (amount) => `Nous vous remboursons le montant de ${amount}.`,
    bank: (iban, bic, reference) => `IBAN ${iban} · BIC ${bic} · Référence ${reference}`,
    vatId: 'N° TVA',
    contact: 'Contact',
  },
  it: {
    invoice: 'Fattura',
    creditNote: 'Nota di credito',
    number: 'Numero',
    issueDate: 'Data',
    dueDate: 'Scadenza',
    deliveryDate: 'Data di consegna',
    order: 'Ordine',
    corrects: (number, date) => `Rettifica la fattura ${number} del ${date}`,
    position: 'Pos.',
    description: 'Descrizione',
    quantity: 'Qtà',
    unitPrice: 'Prezzo unitario netto',
    vat: 'IVA',
    amount: 'Importo netto',
    netTotal: 'Totale imponibile',
    vatOn: (rate, net) => `IVA ${rate} su ${net}`,
    grossTotal: 'Totale',
    payBy: (amount, date) => `Vi preghiamo di bonificare ${amount} entro il ${date}.`,
    payNow: (amount) => `Vi preghiamo di bonificare ${amount} senza detrazioni al ricevimento della fattura.`,
    refund: (amount) => `Vi rimborseremo l'importo di ${amount}.`,
    bank: (iban, bic, reference) => `IBAN ${iban} · BIC ${bic} · Causale ${reference}`,
    vatId: 'P. IVA',
    contact: 'Contatto',
  },
  pl: {
    invoice: 'Faktura',
    creditNote: 'Faktura korygująca',
    number: 'Numer',
    issueDate: 'Data wystawienia',
    dueDate: 'Termin płatności',
    deliveryDate: 'Data dostawy',
    order: 'Zamówienie',
    corrects: (number, date) => `Korekta faktury ${number} z dnia ${date}`,
    position: 'Lp.',
    description: 'Opis',
    quantity: 'Ilość',
    unitPrice: 'Cena jedn. netto',
    vat: 'VAT',
    amount: 'Wartość netto',
    netTotal: 'Razem netto',
    vatOn: (rate, net) => `VAT ${rate} od ${net}`,
    grossTotal: 'Razem brutto',
    payBy: (amount, date) => `Prosimy o przelew ${amount} do dnia ${date}.`,
    payNow: (amount) => `Prosimy o przelew ${amount} bez potrąceń po otrzymaniu faktury.`,
    refund: (amount) => `Zwrócimy Państwu kwotę ${amount}.`,
    bank: (iban, bic, reference) => `IBAN ${iban} · BIC ${bic} · Tytuł przelewu ${reference}`,
    vatId: 'NIP UE',
    contact: 'Kontakt',
  },
};
