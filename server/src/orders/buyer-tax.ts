/**
 * The buyer's tax data an admin may set on an order before invoicing (issue 21 §4/§5): the VAT id and the
 * Leitweg-ID, checked, and the VAT treatment and rate they imply, from packages/model pricing/tax.ts
 * (`taxTreatmentFor`, `vatBasisPointsFor`) with the delivery country's rate from the price tables.
 */
import { taxTreatmentFor, vatBasisPointsFor, type TaxTreatment } from '@stickerbook/model';
import type { Db } from '../db/database.ts';
import type { Language } from '../http/languages.ts';
import { loadPriceList } from './price-tables.ts';
import type { OrderRow } from './repository.ts';
import { rulesFailed, type FieldError } from './service.ts';

/**
 * INTEGRATION POINT (issue 21): `checkVatId` (packages/model/src/pricing/vat-id.ts) and `checkLeitwegId`
 * (pricing/leitweg-id.ts) are written in parallel and were not on main when this was written. Until they are, these
 * two check the shape only (per country, VAT_ID_SHAPES; Leitweg-ID as coarse-fine-check digits, KoSIT's
 * "Formatspezifikation Leitweg-ID" 2.0); replace their bodies with the model's validators, which also check the
 * check digits, and keep the call sites.
 */
export function isValidBuyerVatId(value: string): boolean {
  const shape = VAT_ID_SHAPES[value.slice(0, 2)];
  return shape ? shape.test(value) : /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(value);
}

/** The VAT id shapes of the EU countries we deliver to (EU Commission, VIES "VAT number validation"). */
const VAT_ID_SHAPES: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  ES: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  IE: /^IE\d[0-9A-Z+*]\d{5}[A-W][A-I]?$/,
  IT: /^IT\d{11}$/,
  LU: /^LU\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  RO: /^RO\d{2,10}$/,
};
export function isValidBuyerReference(value: string): boolean {
  return /^\d{2,12}(-[0-9A-Z]{1,30})?-\d{2}$/.test(value);
}

/** Spaces and dots are how people write VAT ids; the id itself has none. */
export const normalizeVatId = (value: string) => value.replace(/[\s.]/g, '').toUpperCase();

const MESSAGES: Record<Language, { vatId: string; buyerReference: string; country: string }> = {
  de: {
    vatId: 'Diese USt-IdNr. ist ungültig.',
    buyerReference: 'Diese Leitweg-ID ist ungültig.',
    country: 'Für dieses Lieferland gibt es keinen Umsatzsteuersatz.',
  },
  en: {
    vatId: 'This VAT ID is invalid.',
    buyerReference: 'This Leitweg-ID is invalid.',
    country: 'There is no VAT rate for this delivery country.',
  },
  fr: {
    vatId: 'Ce numéro de TVA intracommunautaire n’est pas valide.',
    buyerReference: 'Ce Leitweg-ID n’est pas valide.',
    country: 'Il n’y a pas de taux de TVA pour ce pays de livraison.',
  },
  it: {
    vatId: 'Questa partita IVA non è valida.',
    buyerReference: 'Questo Leitweg-ID non è valido.',
    country: 'Non esiste un’aliquota IVA per questo paese di consegna.',
  },
  pl: {
    vatId: 'Ten numer VAT UE jest nieprawidłowy.',
    buyerReference: 'Ten Leitweg-ID jest nieprawidłowy.',
    country: 'Dla tego kraju dostawy nie ma stawki VAT.',
  },
};

/** 422 naming each field that fails its check, in the admin's language; nothing is changed. */
export function checkBuyerTaxIds(
  change: { buyer_vat_id?: string | null; buyer_reference?: string | null },
  language: Language,
): void {
  const fields: FieldError[] = [];
  if (change.buyer_vat_id && !isValidBuyerVatId(change.buyer_vat_id)) {
    fields.push({ field: 'buyer_vat_id', code: 'VAT_ID_INVALID', message: MESSAGES[language].vatId });
  }
  if (change.buyer_reference && !isValidBuyerReference(change.buyer_reference)) {
    fields.push({
      field: 'buyer_reference',
      code: 'BUYER_REFERENCE_INVALID',
      message: MESSAGES[language].buyerReference,
    });
  }
  if (fields.length > 0) throw rulesFailed('body', fields);
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
    throw rulesFailed('body', [
      { field: input.field, code: 'COUNTRY_NOT_SUPPORTED', message: MESSAGES[input.language].country },
    ]);
  }
  return { taxTreatment, vatBasisPoints: vatBasisPointsFor(taxTreatment, rate ?? 0) };
}
