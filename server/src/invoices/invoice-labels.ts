import type { Translations } from '../i18n/languages.ts';

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
  plannedDeliveryDate: string;
  order: string;
  /** The public buyer's routing id; the German term in every language (it is what the buyer's portal calls it). */
  buyerReference: string;
  corrects: (number: string, date: string) => string;
  position: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vat: string;
  amount: string;
  lineTotal: string;
  netTotal: string;
  voucher: (code: string) => string;
  vatOn: (rate: string, net: string) => string;
  grossTotal: string;
  payBy: (amount: string, date: string) => string;
  payNow: (amount: string) => string;
  refund: (amount: string) => string;
  /** A credit note for an invoice that was not paid: nothing to pay, nothing to refund. */
  cancelled: (number: string) => string;
  reverseCharge: string;
  exportDelivery: string;
  bank: (iban: string, bic: string, reference: string) => string;
  vatId: string;
  contact: string;
}

export const INVOICE_LABELS: Translations<InvoiceLabels> = {
  de: {
    invoice: 'Rechnung',
    creditNote: 'Rechnungskorrektur',
    number: 'Nummer',
    issueDate: 'Datum',
    dueDate: 'Fällig am',
    deliveryDate: 'Lieferdatum',
    plannedDeliveryDate: 'Voraussichtliches Lieferdatum',
    order: 'Bestellung',
    buyerReference: 'Leitweg-ID',
    corrects: (number, date) => `Rechnungskorrektur zu Rechnung ${number} vom ${date}`,
    position: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis netto',
    vat: 'USt.',
    amount: 'Betrag netto',
    lineTotal: 'Summe Positionen netto',
    netTotal: 'Summe netto',
    voucher: (code) => `Gutschein ${code}`,
    vatOn: (rate, net) => `USt. ${rate} auf ${net}`,
    grossTotal: 'Gesamtbetrag',
    payBy: (amount, date) => `Bitte überweisen Sie ${amount} bis zum ${date}.`,
    payNow: (amount) => `Bitte überweisen Sie ${amount} ohne Abzug nach Erhalt der Rechnung.`,
    refund: (amount) => `Den bezahlten Betrag von ${amount} erstatten wir Ihnen.`,
    cancelled: (number) => `Die Rechnung ${number} ist damit aufgehoben; Sie müssen sie nicht bezahlen.`,
    reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers / Reverse charge',
    exportDelivery: 'Steuerfreie Ausfuhrlieferung / Export outside the EU',
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
    plannedDeliveryDate: 'Planned delivery date',
    order: 'Order',
    buyerReference: 'Leitweg-ID',
    corrects: (number, date) => `Correction of invoice ${number} of ${date}`,
    position: 'No.',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price (net)',
    vat: 'VAT',
    amount: 'Amount (net)',
    lineTotal: 'Total of items (net)',
    netTotal: 'Total net',
    voucher: (code) => `Voucher ${code}`,
    vatOn: (rate, net) => `VAT ${rate} on ${net}`,
    grossTotal: 'Total',
    payBy: (amount, date) => `Please transfer ${amount} by ${date}.`,
    payNow: (amount) => `Please transfer ${amount} without deduction on receipt of this invoice.`,
    refund: (amount) => `We will refund the amount of ${amount} you paid.`,
    cancelled: (number) => `Invoice ${number} is hereby cancelled; you do not need to pay it.`,
    reverseCharge: 'Reverse charge (Steuerschuldnerschaft des Leistungsempfängers)',
    exportDelivery: 'VAT-exempt export outside the EU (Steuerfreie Ausfuhrlieferung)',
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
    plannedDeliveryDate: 'Date de livraison prévue',
    order: 'Commande',
    buyerReference: 'Leitweg-ID',
    corrects: (number, date) => `Rectification de la facture ${number} du ${date}`,
    position: 'N°',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire HT',
    vat: 'TVA',
    amount: 'Montant HT',
    lineTotal: 'Total des articles HT',
    netTotal: 'Total HT',
    voucher: (code) => `Bon d’achat ${code}`,
    vatOn: (rate, net) => `TVA ${rate} sur ${net}`,
    grossTotal: 'Total TTC',
    payBy: (amount, date) => `Merci de virer ${amount} avant le ${date}.`,
    payNow: (amount) => `Merci de virer ${amount} sans escompte à réception de la facture.`,
    refund: (amount) => `Nous vous remboursons le montant payé de ${amount}.`,
    cancelled: (number) => `La facture ${number} est ainsi annulée ; vous n’avez pas à la payer.`,
    reverseCharge: 'Autoliquidation (Steuerschuldnerschaft des Leistungsempfängers / Reverse charge)',
    exportDelivery: 'Exportation hors UE exonérée de TVA (Steuerfreie Ausfuhrlieferung)',
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
    plannedDeliveryDate: 'Data di consegna prevista',
    order: 'Ordine',
    buyerReference: 'Leitweg-ID',
    corrects: (number, date) => `Rettifica della fattura ${number} del ${date}`,
    position: 'Pos.',
    description: 'Descrizione',
    quantity: 'Qtà',
    unitPrice: 'Prezzo unitario netto',
    vat: 'IVA',
    amount: 'Importo netto',
    lineTotal: 'Totale articoli netto',
    netTotal: 'Totale imponibile',
    voucher: (code) => `Buono ${code}`,
    vatOn: (rate, net) => `IVA ${rate} su ${net}`,
    grossTotal: 'Totale',
    payBy: (amount, date) => `Vi preghiamo di bonificare ${amount} entro il ${date}.`,
    payNow: (amount) => `Vi preghiamo di bonificare ${amount} senza detrazioni al ricevimento della fattura.`,
    refund: (amount) => `Vi rimborseremo l'importo pagato di ${amount}.`,
    cancelled: (number) => `La fattura ${number} è annullata; non dovete pagarla.`,
    reverseCharge: 'Inversione contabile (Steuerschuldnerschaft des Leistungsempfängers / Reverse charge)',
    exportDelivery: 'Esportazione fuori UE esente IVA (Steuerfreie Ausfuhrlieferung)',
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
    plannedDeliveryDate: 'Przewidywana data dostawy',
    order: 'Zamówienie',
    buyerReference: 'Leitweg-ID',
    corrects: (number, date) => `Korekta faktury ${number} z dnia ${date}`,
    position: 'Lp.',
    description: 'Opis',
    quantity: 'Ilość',
    unitPrice: 'Cena jedn. netto',
    vat: 'VAT',
    amount: 'Wartość netto',
    lineTotal: 'Suma pozycji netto',
    netTotal: 'Razem netto',
    voucher: (code) => `Bon ${code}`,
    vatOn: (rate, net) => `VAT ${rate} od ${net}`,
    grossTotal: 'Razem brutto',
    payBy: (amount, date) => `Prosimy o przelew ${amount} do dnia ${date}.`,
    payNow: (amount) => `Prosimy o przelew ${amount} bez potrąceń po otrzymaniu faktury.`,
    refund: (amount) => `Zwrócimy Państwu zapłaconą kwotę ${amount}.`,
    cancelled: (number) => `Faktura ${number} zostaje anulowana; nie muszą Państwo jej płacić.`,
    reverseCharge: 'Odwrotne obciążenie (Steuerschuldnerschaft des Leistungsempfängers / Reverse charge)',
    exportDelivery: 'Eksport poza UE zwolniony z VAT (Steuerfreie Ausfuhrlieferung)',
    bank: (iban, bic, reference) => `IBAN ${iban} · BIC ${bic} · Tytuł przelewu ${reference}`,
    vatId: 'NIP UE',
    contact: 'Kontakt',
  },
};
