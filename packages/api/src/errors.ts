import {
  PREFLIGHT_CODES,
  type CheckoutFieldError,
  type ImageUploadErrorCode,
  type ModelErrorCode,
  type QuoteErrorCode,
} from '@stickerbook/model';

/**
 * Every error code the API answers with (`{ error: { code } }`, a realtime refusal, or a field's code in a
 * `VALIDATION_FAILED` answer's details); the web app has a text for each in every language (errors.* in
 * web/src/i18n/locales, kept complete by web/src/i18n/errorCodes.test.ts). The server's `AppError` takes only
 * these, so a typo or a new code that is not listed here is a type error.
 *
 * Codes that the album model's rules own are typed in packages/model. The preflight codes come as the model's
 * own list (`PREFLIGHT_CODES`, ALBUM_HAS_ERRORS details); the others have no list there, so theirs below are
 * checked against the model's types in both directions (`exactly`): a new model code fails the type check until
 * it is listed here.
 */

/** The list `codes`, when it names every member of `Code` and nothing else; otherwise a type error naming the gap. */
function exactly<Code extends string>() {
  return <const List extends readonly Code[]>(
    codes: List &
      ([Exclude<Code, List[number]>] extends [never] ? unknown : { missing: Exclude<Code, List[number]> }),
  ): List => codes;
}

/** HTTP-level answers every route can give (http/errors.ts maps statuses and Fastify's own errors to these). */
const HTTP_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INVALID_JSON',
  'VALIDATION_FAILED',
  'TEXT_CONTROL_CHARACTERS',
  'INTERNAL_ERROR',
] as const;

/** Accounts, log-in and guests. */
const ACCOUNT_CODES = [
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'INVALID_REFRESH_TOKEN',
  'INVALID_GUEST_TOKEN',
  'GUEST_TOKEN_MISMATCH',
  'LOGIN_REQUIRED',
  'SIGNUP_REQUIRED',
  'ADMIN_ONLY',
  'OIDC_UNAVAILABLE',
  'OIDC_FAILED',
  'OIDC_EXPIRED',
  'ACTIVATION_LINK_INVALID',
  'ALREADY_ACTIVATED',
  'PASSWORD_REQUIRED',
  'PASSWORD_WRONG',
  'CONFIRMATION_EMAIL_WRONG',
  'SHARED_ALBUMS_NEED_DECISION',
  'NEW_OWNER_NOT_MEMBER',
  'SHARED_ALBUM_UNKNOWN',
  'DELETE_OWN_ACCOUNT_IN_PROFILE',
] as const;

/** Albums, their members, comments and realtime editing. */
const ALBUM_CODES = [
  'NOT_OWNER',
  'ALBUM_LOCKED',
  'ALBUM_NOT_LOCKED',
  'ALBUM_GONE',
  'ALBUM_HAS_ERRORS',
  'BLUEPRINT_NOT_FOUND',
  'NO_LAYOUT',
  'INVALID_SETTINGS',
  'COMMENT_FORBIDDEN',
  'INVALID_MUTATION',
  'MERGE_ERROR',
  'INVALID_PAYLOAD',
  'SAVE_FAILED',
  'ACCESS_LOST',
  'SERVER_SHUTDOWN',
  'SERVER_ERROR',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  'INVITATION_NOT_FOUND',
  'INVITATION_USED',
  'CANNOT_REMOVE_OWNER',
  'OWNER_CANNOT_LEAVE',
] as const;

/** Uploads, images, the stock library and AI image edits. */
const IMAGE_CODES = [
  'BLOB_IN_USE',
  'UPLOAD_INCOMPLETE',
  'UPLOAD_COMPLETE',
  'UPLOAD_SIZE_MISMATCH',
  'UPLOAD_CHECKSUM_MISMATCH',
  'INVALID_SIGNATURE',
  'AI_EDIT_UNAVAILABLE',
  'TOO_MANY_EDITS',
  'EDIT_FAILED',
  'PROVIDER_REJECTED',
  'PROVIDER_ERROR',
  'PROVIDER_UNREACHABLE',
  'NO_RESULT',
] as const;

/** The public sticker link and its contributors. */
const STICKER_LINK_CODES = [
  'STICKER_LINK_UNAVAILABLE',
  'CONTRIBUTOR_SESSION_MISSING',
  'CONTRIBUTOR_SESSION_INVALID',
  'CONTRIBUTOR_SESSION_EXPIRED',
  'STICKER_UPLOAD_MERGED',
  'POSITION_REQUIRED',
  'UNKNOWN_SECTION',
  'INVALID_CUSTOM_DOMAIN',
] as const;

/** Checkout, orders, vouchers, invoices, print files and the print partner. */
const ORDER_CODES = [
  'PRICE_CHANGED',
  'IDEMPOTENCY_KEY_REUSED',
  'VOUCHER_NOT_APPLICABLE',
  'VOUCHER_CODE_TAKEN',
  'AFFILIATE_TOKEN_TAKEN',
  'PRODUCT_UNKNOWN',
  'ORDER_HAS_NO_ALBUM',
  'ORDER_HAS_INVOICE',
  'ORDER_INVOICED',
  'AMOUNT_AND_GROSS_GIVEN',
  'AMOUNT_GROSS_UNREACHABLE',
  'SIGNAL_ALREADY_PRESENT',
  'SIGNAL_OUT_OF_ORDER',
  'INVOICE_ALREADY_EXISTS',
  'INVOICE_MISSING',
  'INVOICE_ALREADY_VOID',
  'INVOICE_DATA_INVALID',
  'INVOICE_TOTALS_MISMATCH',
  'INVOICE_BUYER_EMAIL_MISSING',
  'INVOICE_NOT_PAYABLE',
  'INVOICE_FILE_ALTERED',
  'DELIVERY_NOTE_DATA_INVALID',
  'STRIPE_FAILED',
  'STRIPE_WEBHOOK_NOT_CONFIGURED',
  'STRIPE_SIGNATURE_INVALID',
  'EXPORT_RUNNING',
  'NOTHING_TO_PRINT',
  'QUEUE_UNAVAILABLE',
  'ARTIFACT_NOT_READY',
  'ARTIFACT_FILE_NAME_INVALID',
  'ARTIFACT_FILE_SOURCE_INVALID',
  'PRINT_PARTNER_NOT_CONFIGURED',
  'PRINT_PARTNER_TRANSFER_FAILED',
  'PRINT_PARTNER_FILE_NAME_INVALID',
] as const;

/** packages/model errors.ts: an edit the album's rules refuse (the editor shows them; the server answers them). */
const MODEL_CODES = exactly<ModelErrorCode>()([
  'NODE_NOT_FOUND',
  'STICKER_NOT_FOUND',
  'SECTION_NOT_FOUND',
  'SPREAD_NOT_FOUND',
  'NOT_AN_ELEMENT',
  'NOT_A_GROUP',
  'NOT_A_STICKER_CELL',
  'INVALID_PROPS',
  'INVALID_PARENT',
  'NOT_SIBLINGS',
  'NOTHING_SELECTED',
  'AUTOMATIC_TEXT_READ_ONLY',
  'SECTION_STATIC',
  'SPREAD_IS_FIRST',
  'SPREAD_IS_LAST',
  'SPREAD_IS_LAST_PAGE',
  'SPREAD_ONLY_ONE_LEFT',
  'SECTION_HAS_ONE_SPREAD',
  'NO_EDITABLE_SECTION',
  'SECTION_NAME_REQUIRED',
  'SECTION_NAME_TOO_LONG',
  'SECTION_POSITION_INVALID',
  'PATCH_INVALID',
  'PATH_NOT_FOUND',
]);

/** packages/model image-files.ts: one code per failed upload rule. */
const IMAGE_UPLOAD_CODES = exactly<ImageUploadErrorCode>()([
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_LARGE',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_UNREADABLE',
  'IMAGE_DAMAGED',
  'SVG_UNSAFE',
  'TOO_MANY_FILES',
]);

/** packages/model rules/checkout.ts and pricing/quote.ts: a checkout field's code in `VALIDATION_FAILED` details. */
const CHECKOUT_FIELD_CODES = exactly<CheckoutFieldError | QuoteErrorCode>()([
  'FIELD_REQUIRED',
  'FIELD_TOO_LONG',
  'COMPANY_REQUIRED',
  'CLUB_REQUIRED',
  'EMAIL_REQUIRED',
  'EMAIL_INVALID',
  'PHONE_REQUIRED',
  'PHONE_INVALID',
  'PHONE_TOO_LONG',
  'AREA_CODE_INVALID',
  'ZIP_INVALID',
  'COUNTRY_NOT_SUPPORTED',
  'ALBUM_COUNT_OUT_OF_RANGE',
  'ALBUM_COUNT_INVALID',
  'COMMENT_TOO_LONG',
  'PACKAGING_UNKNOWN',
  'FEATURE_UNKNOWN',
  'PRICE_MISSING',
  'RELEASE_DATE_REQUIRED',
  'RELEASE_DATE_INVALID',
  'RELEASE_DATE_IN_PAST',
  'PRINT_CONSENT_REQUIRED',
  'VAT_ID_INVALID',
  'VAT_ID_CHECK_DIGIT',
  'VAT_ID_COUNTRY_MISMATCH',
  'VAT_ID_COUNTRY_UNSUPPORTED',
  'VAT_ID_NEEDS_ORGANIZATION',
  'LEITWEG_ID_INVALID',
  'LEITWEG_ID_CHECK_DIGIT',
]);

export const API_ERROR_CODES = [
  ...HTTP_CODES,
  ...ACCOUNT_CODES,
  ...ALBUM_CODES,
  ...IMAGE_CODES,
  ...STICKER_LINK_CODES,
  ...ORDER_CODES,
  ...MODEL_CODES,
  ...PREFLIGHT_CODES,
  ...IMAGE_UPLOAD_CODES,
  ...CHECKOUT_FIELD_CODES,
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

/** Names the few codes one answer can carry (a realtime refusal, a provider's failure) and checks each is listed. */
export type ApiErrorCodeSubset<Code extends ApiErrorCode> = Code;
