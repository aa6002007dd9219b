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
import type { Language } from '../i18n/languages.ts';
import { loadPriceList } from './price-tables.ts';
import type { OrderRow } from './repository.ts';
import { rulesFailed, type FieldError } from './service.ts';

const MESSAGES: Record<Language, Record<TaxIdError | 'COUNTRY_NOT_SUPPORTED', string>> = {
  de: {
    VAT_ID_INVALID: 'Diese USt-IdNr. ist ungültig.',
    VAT_ID_CHECK_DIGIT: 'Die Prüfziffer dieser USt-IdNr. stimmt nicht. Bitte prüfe die Nummer.',
    VAT_ID_COUNTRY_MISMATCH: 'Diese USt-IdNr. gehört zu einem anderen Land als dem Lieferland.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'Für dieses Lieferland können wir keine USt-IdNr. annehmen.',
    LEITWEG_ID_INVALID: 'Diese Leitweg-ID ist ungültig.',
    LEITWEG_ID_CHECK_DIGIT: 'Die Prüfziffern dieser Leitweg-ID stimmen nicht. Bitte prüfe die Nummer.',
    COUNTRY_NOT_SUPPORTED: 'Für dieses Lieferland gibt es keinen Umsatzsteuersatz.',
  },
  en: {
    VAT_ID_INVALID: 'This VAT ID is invalid.',
    VAT_ID_CHECK_DIGIT: 'The check digit of this VAT ID is wrong. Please check the number.',
    VAT_ID_COUNTRY_MISMATCH: 'This VAT ID belongs to another country than the delivery country.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'We cannot take a VAT ID for this delivery country.',
    LEITWEG_ID_INVALID: 'This Leitweg-ID is invalid.',
    LEITWEG_ID_CHECK_DIGIT: 'The check digits of this Leitweg-ID are wrong. Please check the number.',
    COUNTRY_NOT_SUPPORTED: 'There is no VAT rate for this delivery country.',
  },
  fr: {
    VAT_ID_INVALID: 'Ce numéro de TVA intracommunautaire n’est pas valide.',
    VAT_ID_CHECK_DIGIT: 'La clé de contrôle de ce numéro de TVA est fausse. Veuillez vérifier le numéro.',
    VAT_ID_COUNTRY_MISMATCH: 'Ce numéro de TVA appartient à un autre pays que le pays de livraison.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'Nous ne pouvons pas accepter de numéro de TVA pour ce pays de livraison.',
    LEITWEG_ID_INVALID: 'Ce Leitweg-ID n’est pas valide.',
    LEITWEG_ID_CHECK_DIGIT:
      'Les chiffres de contrôle de ce Leitweg-ID sont faux. Veuillez vérifier le numéro.',
    COUNTRY_NOT_SUPPORTED: 'Il n’y a pas de taux de TVA pour ce pays de livraison.',
  },
  it: {
    VAT_ID_INVALID: 'Questa partita IVA non è valida.',
    VAT_ID_CHECK_DIGIT: 'La cifra di controllo di questa partita IVA è errata. Controlla il numero.',
    VAT_ID_COUNTRY_MISMATCH: 'Questa partita IVA appartiene a un paese diverso da quello di consegna.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'Non possiamo accettare una partita IVA per questo paese di consegna.',
    LEITWEG_ID_INVALID: 'Questo Leitweg-ID non è valido.',
    LEITWEG_ID_CHECK_DIGIT: 'Le cifre di controllo di questo Leitweg-ID sono errate. Controlla il numero.',
    COUNTRY_NOT_SUPPORTED: 'Non esiste un’aliquota IVA per questo paese di consegna.',
  },
  pl: {
    VAT_ID_INVALID: 'Ten numer VAT UE jest nieprawidłowy.',
    VAT_ID_CHECK_DIGIT: 'Cyfra kontrolna tego numeru VAT UE się nie zgadza. Sprawdź numer.',
    VAT_ID_COUNTRY_MISMATCH: 'Ten numer VAT UE należy do innego kraju niż kraj dostawy.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'Dla tego kraju dostawy nie możemy przyjąć numeru VAT UE.',
    LEITWEG_ID_INVALID: 'Ten Leitweg-ID jest nieprawidłowy.',
    LEITWEG_ID_CHECK_DIGIT: 'Cyfry kontrolne tego Leitweg-ID się nie zgadzają. Sprawdź numer.',
    COUNTRY_NOT_SUPPORTED: 'Dla tego kraju dostawy nie ma stawki VAT.',
  },
};

type TaxIdError = VatIdError | LeitwegIdError;

const fieldError = (field: string, code: TaxIdError | 'COUNTRY_NOT_SUPPORTED', language: Language) => ({
  field,
  code,
  message: MESSAGES[language][code],
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
