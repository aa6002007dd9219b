/**
 * The buyer's tax data an admin may set on an order before invoicing (issue 21 §4/§5): the VAT id and the
 * Leitweg-ID, checked, and the VAT treatment and rate they imply, from packages/model pricing/tax.ts
 * (`taxTreatmentFor`, `vatBasisPointsFor`) with the delivery country's rate from the price tables.
 */
import {
  checkLeitwegId,
  checkVatId,
  taxTreatmentFor,
  vatBasisPointsFor,
  type LeitwegIdError,
  type TaxTreatment,
  type VatIdError,
} from '@stickerbook/model';
import type { Db } from '../db/database.ts';
import type { Language, Translations } from '../i18n/languages.ts';
import { loadPriceList } from './price-tables.ts';
import type { OrderRow } from './repository.ts';
import { rulesFailed, type FieldError } from './service.ts';
import { fieldMessage } from './texts.ts';

/**
 * The tax ids' messages are the checkout's (texts.ts `fieldMessage`), so the buyer and the admin read the same
 * words for the same rule. COUNTRY_NOT_SUPPORTED is worded apart: here it means the price tables have no VAT rate
 * for the country an admin chose, not that the shop does not deliver there.
 */
const NO_VAT_RATE: Translations<string> = {
  de: 'Für dieses Lieferland gibt es keinen Umsatzsteuersatz.',
  en: 'There is no VAT rate for this delivery country.',
  fr: 'Il n’y a pas de taux de TVA pour ce pays de livraison.',
  it: 'Non esiste un’aliquota IVA per questo paese di consegna.',
  pl: 'Dla tego kraju dostawy nie ma stawki VAT.',
};

type TaxIdError = VatIdError | LeitwegIdError;

const fieldError = (field: string, code: TaxIdError | 'COUNTRY_NOT_SUPPORTED', language: Language) => ({
  field,
  code,
  message: code === 'COUNTRY_NOT_SUPPORTED' ? NO_VAT_RATE[language] : fieldMessage(code, language),
});

/**
 * The tax ids checked by the model's rules (packages/model pricing/vat-id.ts `checkVatId`: format and check digit
 * per country, the id's country must be the delivery country; leitweg-id.ts `checkLeitwegId`), normalised as they
 * are stored. A failed check is 422 naming each field, in the admin's language; nothing is changed.
 */
export function checkBuyerTaxIds(
  change: { buyer_vat_id?: string | null; buyer_reference?: string | null },
  countryCode: string,
  language: Language,
  vatIdField = 'buyer_vat_id',
): { buyer_vat_id?: string | null; buyer_reference?: string | null } {
  const fields: FieldError[] = [];
  const checked: { buyer_vat_id?: string | null; buyer_reference?: string | null } = {};
  if (change.buyer_vat_id) {
    const result = checkVatId(change.buyer_vat_id, countryCode);
    if (result.ok) checked.buyer_vat_id = result.vatId;
    else fields.push(fieldError(vatIdField, result.error, language));
  } else if (change.buyer_vat_id !== undefined) checked.buyer_vat_id = null;
  if (change.buyer_reference) {
    const result = checkLeitwegId(change.buyer_reference);
    if (result.ok) checked.buyer_reference = result.leitwegId;
    else fields.push(fieldError('buyer_reference', result.error, language));
  } else if (change.buyer_reference !== undefined) checked.buyer_reference = null;
  if (fields.length > 0) throw rulesFailed('body', fields);
  return checked;
}

/** The treatment and rate for a delivery country and VAT id; 422 on `field` when the tables have no rate. */
export async function taxFor(
  db: Db,
  order: OrderRow,
  input: { countryCode: string; vatId: string | null; field: string; language: Language },
): Promise<{ taxTreatment: TaxTreatment; vatBasisPoints: number }> {
  const tables = (await loadPriceList(db, order.language)).tables;
  const taxTreatment = taxTreatmentFor({ countryCode: input.countryCode, vatId: input.vatId });
  const rate = Object.hasOwn(tables.vatBasisPoints, input.countryCode)
    ? tables.vatBasisPoints[input.countryCode]
    : undefined;
  if (rate === undefined && taxTreatment === 'standard') {
    throw rulesFailed('body', [fieldError(input.field, 'COUNTRY_NOT_SUPPORTED', input.language)]);
  }
  return { taxTreatment, vatBasisPoints: vatBasisPointsFor(taxTreatment, rate ?? 0) };
}
