/**
 * Checkout rules (SPEC §5 "Checkout", §9 countries and defaults). The web form and the server run the same checks;
 * each answers field → error code and the UI (or the server, for its 422) maps codes to translated text.
 *
 * Readings where the SPEC gives two: the comment may hold 1000 characters; the phone is optional (the SPEC
 * requires it "in some cases" without naming them). The organisation field is the company for business albums,
 * the club for sports albums (both required), hidden for weddings (ignored if sent) and optional otherwise.
 */
import {
  ALBUM_CATEGORIES,
  ALBUM_COUNT_RANGE,
  COMMENT_MAX_CHARS,
  COUNTRIES,
  DEFAULT_ALBUM_COUNT,
  DEFAULT_COUNTRY,
  DEFAULT_COUNTRY_BY_LANGUAGE,
  STICKER_PACKAGING_TYPES,
  type AlbumCategory,
} from '../constants.ts';
import { dayNumber } from '../pricing/delivery.ts';
import { checkLeitwegId, type LeitwegIdError } from '../pricing/leitweg-id.ts';
import { checkVatId, type VatIdError } from '../pricing/vat-id.ts';
import { emailError, formatPhoneForOrder, phoneError } from './contact.ts';
import { postcodeError } from './postcode.ts';

type CheckoutField =
  | 'organization'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'areaCode'
  | 'address1'
  | 'address2'
  | 'zipCode'
  | 'city'
  | 'countryCode'
  | 'noAlbums'
  | 'comment'
  | 'orderFeatures'
  | 'voucherCode'
  | 'quoteName'
  | 'stickerPackagingType'
  | 'releaseDate'
  | 'vatId'
  | 'buyerReference'
  | 'printConsent';

export type CheckoutFieldError =
  | 'FIELD_REQUIRED'
  | 'FIELD_TOO_LONG'
  | 'COMPANY_REQUIRED'
  | 'CLUB_REQUIRED'
  | 'EMAIL_REQUIRED'
  | 'EMAIL_INVALID'
  | 'PHONE_REQUIRED'
  | 'PHONE_INVALID'
  | 'PHONE_TOO_LONG'
  | 'AREA_CODE_INVALID'
  | 'ZIP_INVALID'
  | 'COUNTRY_NOT_SUPPORTED'
  | 'ALBUM_COUNT_OUT_OF_RANGE'
  | 'COMMENT_TOO_LONG'
  | 'PACKAGING_UNKNOWN'
  | 'FEATURE_UNKNOWN'
  | 'RELEASE_DATE_REQUIRED'
  | 'RELEASE_DATE_INVALID'
  | 'RELEASE_DATE_IN_PAST'
  | 'PRINT_CONSENT_REQUIRED'
  | VatIdError
  | 'VAT_ID_NEEDS_ORGANIZATION'
  | LeitwegIdError;

export type CheckoutErrors = Partial<Record<CheckoutField, CheckoutFieldError>>;

/** Free-text fields other than the comment: long enough for any real address, short enough for a label. */
const CHECKOUT_TEXT_MAX = 100;

export type OrganizationField = 'company' | 'club' | 'hidden' | 'optional';

export function organizationFieldFor(category: string | null | undefined): OrganizationField {
  if (category === 'business') return 'company';
  if (category === 'sports') return 'club';
  if (category === 'wedding') return 'hidden';
  return 'optional';
}

function isCategory(category: string | null | undefined): category is AlbumCategory {
  return (ALBUM_CATEGORIES as readonly (string | null | undefined)[]).includes(category);
}

/** SPEC §5 album-count slider; an album without a known category gets the common 10-200. */
export function albumCountRange(category: string | null | undefined): {
  min: number;
  max: number;
  default: number;
} {
  const range = isCategory(category) ? ALBUM_COUNT_RANGE[category] : { min: 10, max: 200 };
  return { ...range, default: DEFAULT_ALBUM_COUNT };
}

export function albumCountError(
  category: string | null | undefined,
  count: number,
): CheckoutFieldError | null {
  const { min, max } = albumCountRange(category);
  return Number.isInteger(count) && count >= min && count <= max ? null : 'ALBUM_COUNT_OUT_OF_RANGE';
}

/** SPEC §9: it → IT, fr → FR, pl → PL, every other language DE. */
export function defaultCountryFor(language: string | null | undefined): string {
  return (language && DEFAULT_COUNTRY_BY_LANGUAGE[language]) || DEFAULT_COUNTRY;
}

function isCheckoutCountry(code: string): boolean {
  return (COUNTRIES as readonly string[]).includes(code);
}

/** SPEC §5: '+49', '0171 234' → '0049 171234'. The same rule as the organisation form's phone. */
export const formatPhoneNumber = formatPhoneForOrder;

export interface CheckoutFormValues {
  organization?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  areaCode?: string | null;
  address1?: string | null;
  address2?: string | null;
  zipCode?: string | null;
  city?: string | null;
  countryCode?: string | null;
  noAlbums?: number | null;
  comment?: string | null;
  orderFeatures?: readonly string[] | null;
  quoteName?: string | null;
  stickerPackagingType?: string | null;
  releaseDate?: string | null;
  /** The buyer's VAT id (issue 21 §4), optional, only with an organisation: reverse charge in the EU. */
  vatId?: string | null;
  /** The Leitweg-ID of a German public buyer (issue 21 §5), optional: its invoice is an XRechnung. */
  buyerReference?: string | null;
  printConsent?: boolean | null;
}

export interface CheckoutContext {
  category: string | null | undefined;
  /** Today as 'YYYY-MM-DD' (the release date may be today, not earlier). */
  today: string;
  /** Feature keys of the price list; omitted → features are not checked. */
  featureKeys?: readonly string[];
}

const text = (value: string | null | undefined) => (value ?? '').trim();

function requiredText(value: string | null | undefined): CheckoutFieldError | null {
  const trimmed = text(value);
  if (trimmed.length === 0) return 'FIELD_REQUIRED';
  return trimmed.length > CHECKOUT_TEXT_MAX ? 'FIELD_TOO_LONG' : null;
}

function optionalText(value: string | null | undefined): CheckoutFieldError | null {
  return text(value).length > CHECKOUT_TEXT_MAX ? 'FIELD_TOO_LONG' : null;
}

function releaseDateError(releaseDate: string | null | undefined, today: string): CheckoutFieldError | null {
  if (!releaseDate || releaseDate.trim() === '') return 'RELEASE_DATE_REQUIRED';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(releaseDate) ? dayNumber(releaseDate) : undefined;
  if (day === undefined) return 'RELEASE_DATE_INVALID';
  const todayNumber = dayNumber(today);
  return todayNumber !== undefined && day < todayNumber ? 'RELEASE_DATE_IN_PAST' : null;
}

/** The product step alone: what must hold before the contact step (SPEC §4: the product step needs a release date). */
export function checkoutProductErrors(values: CheckoutFormValues, context: CheckoutContext): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const set = (field: CheckoutField, error: CheckoutFieldError | null) => {
    if (error) errors[field] = error;
  };
  set('noAlbums', albumCountError(context.category, values.noAlbums ?? NaN));
  const packaging = values.stickerPackagingType ?? '';
  set(
    'stickerPackagingType',
    (STICKER_PACKAGING_TYPES as readonly string[]).includes(packaging) ? null : 'PACKAGING_UNKNOWN',
  );
  if (context.featureKeys) {
    const known = context.featureKeys;
    set(
      'orderFeatures',
      (values.orderFeatures ?? []).every((key) => known.includes(key)) ? null : 'FEATURE_UNKNOWN',
    );
  }
  set('releaseDate', releaseDateError(values.releaseDate, context.today));
  return errors;
}

/** Every rule of the whole form, product step included. */
export function checkoutFormErrors(values: CheckoutFormValues, context: CheckoutContext): CheckoutErrors {
  const errors: CheckoutErrors = checkoutProductErrors(values, context);
  const set = (field: CheckoutField, error: CheckoutFieldError | null) => {
    if (error) errors[field] = error;
  };
  const organization = organizationFieldFor(context.category);
  if (organization === 'company' || organization === 'club') {
    const missing = text(values.organization).length === 0;
    set(
      'organization',
      missing
        ? organization === 'company'
          ? 'COMPANY_REQUIRED'
          : 'CLUB_REQUIRED'
        : optionalText(values.organization),
    );
  } else if (organization === 'optional') {
    set('organization', optionalText(values.organization));
  }
  set('firstName', requiredText(values.firstName));
  set('lastName', requiredText(values.lastName));
  set('email', emailError(values.email ?? ''));
  set('phone', phoneError(values.phone ?? ''));
  const areaCode = text(values.areaCode);
  if (text(values.phone) !== '' || areaCode !== '') {
    set('areaCode', /^(\+|00)?[0-9]{1,4}$/.test(areaCode) ? null : 'AREA_CODE_INVALID');
  }
  set('address1', requiredText(values.address1));
  set('address2', optionalText(values.address2));
  const country = text(values.countryCode);
  set('zipCode', requiredText(values.zipCode) ?? postcodeError(text(values.zipCode), country));
  set('city', requiredText(values.city));
  set(
    'countryCode',
    country === '' ? 'FIELD_REQUIRED' : isCheckoutCountry(country) ? null : 'COUNTRY_NOT_SUPPORTED',
  );
  set('comment', (values.comment ?? '').length > COMMENT_MAX_CHARS ? 'COMMENT_TOO_LONG' : null);
  set('quoteName', optionalText(values.quoteName));
  if (organization !== 'hidden') {
    const buyer = buyerTaxErrors(values);
    set('vatId', buyer.vatId ?? null);
    set('buyerReference', buyer.buyerReference ?? null);
  }
  set('printConsent', values.printConsent === true ? null : 'PRINT_CONSENT_REQUIRED');
  return errors;
}

/**
 * The buyer's tax fields (issue 21 §4, §5), both optional: a VAT id belongs to an organisation and to the delivery
 * country (pricing/vat-id.ts), a Leitweg-ID has its own check digits (pricing/leitweg-id.ts). Categories without an
 * organisation (weddings) have neither; the caller skips them there. An unknown country leaves the VAT id to the
 * country's own error.
 */
function buyerTaxErrors(
  values: Pick<CheckoutFormValues, 'vatId' | 'buyerReference' | 'organization' | 'countryCode'>,
): Partial<Record<'vatId' | 'buyerReference', CheckoutFieldError>> {
  const errors: Partial<Record<'vatId' | 'buyerReference', CheckoutFieldError>> = {};
  const vatId = text(values.vatId);
  const country = text(values.countryCode);
  if (vatId !== '' && isCheckoutCountry(country)) {
    const checked = checkVatId(vatId, country);
    if (!checked.ok) errors.vatId = checked.error;
    else if (text(values.organization) === '') errors.vatId = 'VAT_ID_NEEDS_ORGANIZATION';
  }
  const reference = text(values.buyerReference);
  if (reference !== '') {
    const checked = checkLeitwegId(reference);
    if (!checked.ok) errors.buyerReference = checked.error;
  }
  return errors;
}
