/**
 * Edits of a placed order are recorded as changes, never by silently rewriting the order (issue 21 §1, as Medusa's
 * order changes): one `order_changed` update per edit on the order's timeline, whose metadata lists every field
 * that moved with its old and new value ("Alben: 40 → 55"), and the admin who made it. The row's `user_id` and
 * `created_at` say who and when.
 *
 * Admins see every change. The customer sees the changes that touch them — quantities, amounts, the address,
 * their contact and tax data — but not staff-only fields (the order's internal remark) nor who made them.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { orderUpdates } from '../db/schema.ts';
import type { Language, Translations } from '../i18n/languages.ts';
import { formatMoney } from '../i18n/format.ts';
import type { Currency } from '@stickerbook/model';

export const ORDER_CHANGED = 'order_changed';

/** A value before or after: money in minor units, a count, a text, or nothing (a line that did not exist). */
type ChangeValue = string | number | null;

export interface OrderChange {
  /** One of CHANGE_FIELDS. */
  field: ChangeField;
  /** The line item a line change is about, by its title in the order's language. */
  item?: string;
  from: ChangeValue;
  to: ChangeValue;
}

/** @public The source of `ChangeField`, kept beside it. */
export const CHANGE_FIELDS = [
  'no_albums',
  'line_quantity',
  'line_description',
  'line_product',
  'line_added',
  'line_removed',
  'price_adjustment',
  'amount',
  'tax_value',
  'amount_gross',
  'vat_rate',
  'tax_treatment',
  'email',
  'phone',
  'comment',
  'buyer_vat_id',
  'buyer_reference',
  'address_organization',
  'address_first_name',
  'address_last_name',
  'address_address1',
  'address_address2',
  'address_zip_code',
  'address_city',
  'address_country_code',
  'address_phone',
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

/** Fields only staff see: the order's remark is used as a staff note once the order is placed. */
const STAFF_ONLY_FIELDS: ReadonlySet<ChangeField> = new Set(['comment']);
const MONEY_FIELDS: ReadonlySet<ChangeField> = new Set([
  'price_adjustment',
  'amount',
  'tax_value',
  'amount_gross',
]);

/** Only the fields whose value moved; an edit that changes nothing records nothing. */
function changedFields(changes: readonly OrderChange[]): OrderChange[] {
  return changes.filter((change) => change.from !== change.to);
}

/** Records one edit's changes on the timeline, inside the edit's transaction. Nothing moved: nothing recorded. */
export async function recordOrderChanges(
  tx: Tx | Db,
  input: { orderId: string; userId: string; by: string; changes: readonly OrderChange[] },
): Promise<void> {
  const changes = changedFields(input.changes);
  if (changes.length === 0) return;
  await tx.insert(orderUpdates).values({
    orderId: input.orderId,
    signal: ORDER_CHANGED,
    message: null,
    metadata: { changes, by: input.by },
    userId: input.userId,
    // clock_timestamp, not now(): an edit and the totals it moved are two rows of one transaction, in order.
    createdAt: sql`clock_timestamp()`,
  });
}

/** What the customer may read of an update's metadata; undefined when nothing of it is for them. */
export function customerMetadata(
  signal: string,
  metadata: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (signal !== ORDER_CHANGED) return metadata;
  const changes = changesOf(metadata).filter((change) => !STAFF_ONLY_FIELDS.has(change.field));
  return changes.length === 0 ? undefined : { changes };
}

function changesOf(metadata: Record<string, unknown>): OrderChange[] {
  return Array.isArray(metadata.changes) ? (metadata.changes as OrderChange[]) : [];
}

const FIELD_LABELS: Translations<Record<ChangeField, string>> = {
  de: {
    no_albums: 'Alben',
    line_quantity: 'Menge',
    line_description: 'Beschreibung',
    line_product: 'Produkt',
    line_added: 'Position hinzugefügt',
    line_removed: 'Position entfernt',
    price_adjustment: 'Preisanpassung (netto)',
    amount: 'Nettobetrag',
    tax_value: 'Umsatzsteuer',
    amount_gross: 'Gesamtbetrag',
    vat_rate: 'Umsatzsteuersatz',
    tax_treatment: 'Steuerliche Behandlung',
    email: 'E-Mail',
    phone: 'Telefon',
    comment: 'Anmerkung',
    buyer_vat_id: 'USt-IdNr.',
    buyer_reference: 'Leitweg-ID',
    address_organization: 'Organisation',
    address_first_name: 'Vorname',
    address_last_name: 'Nachname',
    address_address1: 'Straße und Hausnummer',
    address_address2: 'Adresszusatz',
    address_zip_code: 'PLZ',
    address_city: 'Ort',
    address_country_code: 'Land',
    address_phone: 'Telefon (Lieferadresse)',
  },
  en: {
    no_albums: 'Albums',
    line_quantity: 'Quantity',
    line_description: 'Description',
    line_product: 'Product',
    line_added: 'Line added',
    line_removed: 'Line removed',
    price_adjustment: 'Price adjustment (net)',
    amount: 'Net amount',
    tax_value: 'VAT',
    amount_gross: 'Total',
    vat_rate: 'VAT rate',
    tax_treatment: 'Tax treatment',
    email: 'E-mail',
    phone: 'Phone',
    comment: 'Remark',
    buyer_vat_id: 'VAT ID',
    buyer_reference: 'Leitweg-ID',
    address_organization: 'Organisation',
    address_first_name: 'First name',
    address_last_name: 'Last name',
    address_address1: 'Street and number',
    address_address2: 'Address line 2',
    address_zip_code: 'Postcode',
    address_city: 'City',
    address_country_code: 'Country',
    address_phone: 'Phone (shipping address)',
  },
  fr: {
    no_albums: 'Albums',
    line_quantity: 'Quantité',
    line_description: 'Description',
    line_product: 'Produit',
    line_added: 'Ligne ajoutée',
    line_removed: 'Ligne supprimée',
    price_adjustment: 'Ajustement de prix (HT)',
    amount: 'Montant HT',
    tax_value: 'TVA',
    amount_gross: 'Total TTC',
    vat_rate: 'Taux de TVA',
    tax_treatment: 'Régime de TVA',
    email: 'E-mail',
    phone: 'Téléphone',
    comment: 'Remarque',
    buyer_vat_id: 'N° de TVA intracommunautaire',
    buyer_reference: 'Leitweg-ID',
    address_organization: 'Organisation',
    address_first_name: 'Prénom',
    address_last_name: 'Nom',
    address_address1: 'Rue et numéro',
    address_address2: 'Complément d’adresse',
    address_zip_code: 'Code postal',
    address_city: 'Ville',
    address_country_code: 'Pays',
    address_phone: 'Téléphone (adresse de livraison)',
  },
  it: {
    no_albums: 'Album',
    line_quantity: 'Quantità',
    line_description: 'Descrizione',
    line_product: 'Prodotto',
    line_added: 'Voce aggiunta',
    line_removed: 'Voce rimossa',
    price_adjustment: 'Adeguamento del prezzo (netto)',
    amount: 'Importo netto',
    tax_value: 'IVA',
    amount_gross: 'Totale',
    vat_rate: 'Aliquota IVA',
    tax_treatment: 'Trattamento IVA',
    email: 'E-mail',
    phone: 'Telefono',
    comment: 'Nota',
    buyer_vat_id: 'Partita IVA',
    buyer_reference: 'Leitweg-ID',
    address_organization: 'Organizzazione',
    address_first_name: 'Nome',
    address_last_name: 'Cognome',
    address_address1: 'Via e numero civico',
    address_address2: 'Informazioni aggiuntive',
    address_zip_code: 'CAP',
    address_city: 'Città',
    address_country_code: 'Paese',
    address_phone: 'Telefono (indirizzo di spedizione)',
  },
  pl: {
    no_albums: 'Albumy',
    line_quantity: 'Ilość',
    line_description: 'Opis',
    line_product: 'Produkt',
    line_added: 'Dodano pozycję',
    line_removed: 'Usunięto pozycję',
    price_adjustment: 'Korekta ceny (netto)',
    amount: 'Kwota netto',
    tax_value: 'VAT',
    amount_gross: 'Razem',
    vat_rate: 'Stawka VAT',
    tax_treatment: 'Sposób opodatkowania',
    email: 'E-mail',
    phone: 'Telefon',
    comment: 'Uwagi',
    buyer_vat_id: 'Numer VAT UE',
    buyer_reference: 'Leitweg-ID',
    address_organization: 'Organizacja',
    address_first_name: 'Imię',
    address_last_name: 'Nazwisko',
    address_address1: 'Ulica i numer',
    address_address2: 'Dodatkowa linia adresu',
    address_zip_code: 'Kod pocztowy',
    address_city: 'Miejscowość',
    address_country_code: 'Kraj',
    address_phone: 'Telefon (adres dostawy)',
  },
};

const TREATMENTS: Translations<Record<string, string>> = {
  de: { standard: 'Regelbesteuerung', reverse_charge: 'Reverse Charge', export: 'Ausfuhr' },
  en: { standard: 'Standard VAT', reverse_charge: 'Reverse charge', export: 'Export' },
  fr: { standard: 'TVA normale', reverse_charge: 'Autoliquidation', export: 'Exportation' },
  it: { standard: 'IVA ordinaria', reverse_charge: 'Inversione contabile', export: 'Esportazione' },
  pl: { standard: 'VAT na zasadach ogólnych', reverse_charge: 'Odwrotne obciążenie', export: 'Eksport' },
};

/** An empty value: a dash, as on a printed form. */
const EMPTY = '—';

export interface ChangeView {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** The changes of an update as the timeline shows them, in the reader's language: "Alben: 40 → 55". */
export function changeViews(
  metadata: Record<string, unknown>,
  language: Language,
  currency: Currency,
): ChangeView[] {
  return changesOf(metadata).map((change) => {
    const label = FIELD_LABELS[language][change.field] ?? change.field;
    const show = (value: ChangeValue) => {
      if (value === null || value === '') return EMPTY;
      if (MONEY_FIELDS.has(change.field) && typeof value === 'number')
        return formatMoney(value, currency, language);
      if (change.field === 'vat_rate' && typeof value === 'number')
        return `${new Intl.NumberFormat(language).format(value / 100)} %`;
      if (change.field === 'tax_treatment') return TREATMENTS[language][String(value)] ?? String(value);
      return String(value);
    };
    return {
      field: change.field,
      label: change.item ? `${change.item} · ${label}` : label,
      from: show(change.from),
      to: show(change.to),
    };
  });
}
