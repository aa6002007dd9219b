import {
  DEFAULT_ALBUM_COUNT,
  DEFAULT_COUNTRY,
  DEFAULT_COUNTRY_BY_LANGUAGE,
  formatPhoneForOrder,
} from '@stickerbook/model';
import type { OrderBody, PackagingType } from './api.ts';

export interface CheckoutForm {
  noAlbums: number;
  stickerPackagingType: PackagingType;
  releaseDate: string;
  orderFeatures: string[];
  /** The voucher the quote is asked about (applied with OK); `voucherInput` is what is typed. */
  voucherCode: string;
  voucherInput: string;
  email: string;
  organization: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  zipCode: string;
  city: string;
  countryCode: string;
  areaCode: string;
  phone: string;
  quoteName: string;
  comment: string;
  /** Issue 21 §4/§5, both optional: the VAT id of a company, the Leitweg-ID of a public buyer. */
  vatId: string;
  buyerReference: string;
  printConsent: boolean;
}

/** Country calling codes of the shipping countries (SPEC §9), for the phone's area-code choice. */
export const AREA_CODES: Record<string, string> = {
  DE: '+49',
  CH: '+41',
  AT: '+43',
  LU: '+352',
  FR: '+33',
  NL: '+31',
  BE: '+32',
  IE: '+353',
  FI: '+358',
  IT: '+39',
  PL: '+48',
  ES: '+34',
  CZ: '+420',
  RO: '+40',
};

/** SPEC §9: default country and area code by language (it IT, fr FR, pl PL, else DE). */
export function defaultCountryFor(language: string): string {
  return DEFAULT_COUNTRY_BY_LANGUAGE[language.slice(0, 2)] ?? DEFAULT_COUNTRY;
}

export function initialForm(options: { language: string; releaseDate?: string | null; email?: string }) {
  const country = defaultCountryFor(options.language);
  const form: CheckoutForm = {
    noAlbums: DEFAULT_ALBUM_COUNT,
    stickerPackagingType: 'stickerpack',
    releaseDate: options.releaseDate?.slice(0, 10) ?? '',
    orderFeatures: [],
    voucherCode: '',
    voucherInput: '',
    email: options.email ?? '',
    organization: '',
    firstName: '',
    lastName: '',
    address1: '',
    address2: '',
    zipCode: '',
    city: '',
    countryCode: country,
    areaCode: AREA_CODES[country] ?? '+49',
    phone: '',
    quoteName: '',
    comment: '',
    vatId: '',
    buyerReference: '',
    printConsent: false,
  };
  return form;
}

/** One submit attempt: its key is sent again when the same form is submitted again (a retry, a double click). */
export interface SubmitAttempt {
  key: string;
  body: string;
}

export interface StoredCheckout {
  step: number;
  form: CheckoutForm;
  attempt: SubmitAttempt | null;
  orderId: string | null;
}

/**
 * The step and the form survive a reload and the round trip through login or sign-up (SPEC §2: the guest
 * migration keeps album and form). Session storage: the address stays in this tab and is gone with it.
 */
const storageKey = (albumId: string) => `stickerbook.checkout.${albumId}`;

export function loadCheckout(albumId: string): Partial<StoredCheckout> | null {
  try {
    const raw = sessionStorage.getItem(storageKey(albumId));
    return raw ? checkoutToKeep(JSON.parse(raw) as Partial<StoredCheckout>) : null;
  } catch {
    return null;
  }
}

export function saveCheckout(albumId: string, state: StoredCheckout): void {
  try {
    sessionStorage.setItem(storageKey(albumId), JSON.stringify(checkoutToKeep(state)));
  } catch {
    // A full or disabled storage only costs the reload comfort.
  }
}

/**
 * The form for the next order of the same album: the address stays (the same customer orders again), but the
 * voucher, which a single-use code has just used up, and the print consent, which each order asks for anew, do not.
 */
export function formForNextOrder(form: CheckoutForm): CheckoutForm {
  return { ...form, voucherCode: '', voucherInput: '', printConsent: false };
}

/**
 * What is kept for a later visit (issue 22 item 7). A placed order is not: its thank-you is shown once, and the
 * checkout opened again later starts a new order at the first step, without the used voucher. Also applied to
 * what an older page stored, so a thank-you stored before this rule is not shown again either.
 */
export function checkoutToKeep(state: Partial<StoredCheckout>): Partial<StoredCheckout> {
  if (!state.orderId) return state;
  return {
    step: 0,
    form: state.form ? formForNextOrder(state.form) : undefined,
    attempt: null,
    orderId: null,
  };
}

/** The stored form over the defaults, so a field added later still has a value. */
export function restoreForm(defaults: CheckoutForm, stored: Partial<CheckoutForm> | undefined): CheckoutForm {
  return { ...defaults, ...stored };
}

const trimmedOrUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The POST /orders body; amounts are never sent (the server computes them), nor fields the form hides. */
export function orderBody(
  albumId: string,
  form: CheckoutForm,
  shown: { organization: boolean; vatId: boolean; buyerReference: boolean },
): OrderBody {
  const phone = form.phone.trim();
  return {
    album_id: albumId,
    organization: shown.organization ? trimmedOrUndefined(form.organization) : undefined,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    // SPEC §5: area code with + as 00, a space, the number without leading zeros.
    phone: phone ? formatPhoneForOrder(form.areaCode, phone) : undefined,
    areaCode: phone ? form.areaCode : undefined,
    address1: form.address1.trim(),
    address2: trimmedOrUndefined(form.address2),
    zipCode: form.zipCode.trim(),
    city: form.city.trim(),
    countryCode: form.countryCode,
    noAlbums: form.noAlbums,
    comment: trimmedOrUndefined(form.comment),
    orderFeatures: form.orderFeatures,
    voucherCode: trimmedOrUndefined(form.voucherCode),
    quoteName: trimmedOrUndefined(form.quoteName),
    stickerPackagingType: form.stickerPackagingType,
    releaseDate: form.releaseDate,
    vatId: shown.vatId ? trimmedOrUndefined(form.vatId) : undefined,
    buyerReference: shown.buyerReference ? trimmedOrUndefined(form.buyerReference) : undefined,
    printConsent: true,
  };
}

/** The attempt to send: the previous one again when the body is unchanged, else a new key. */
export function attemptFor(previous: SubmitAttempt | null, body: OrderBody): SubmitAttempt {
  const serialized = JSON.stringify(body);
  if (previous && previous.body === serialized) return previous;
  return { key: crypto.randomUUID(), body: serialized };
}
