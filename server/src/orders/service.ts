/**
 * Checkout and order rules that are not HTTP: which album, which price list, the live quote with its voucher, and
 * the field errors as the API answers them. The routes and the actions (actions/*.ts) call these.
 */
import type { ApiErrorCode } from '@stickerbook/api';
import {
  albumCountRange,
  checkLeitwegId,
  checkVatId,
  COUNTRIES,
  defaultCountryFor,
  normalizeVoucherCode,
  quoteOrder,
  STICKER_PACKAGING_TYPES,
  type CheckoutFieldError,
  type PackagingType,
  type Quote,
  type QuoteErrorCode,
} from '@stickerbook/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/access-tokens.ts';
import type { AlbumChecksCache } from '../albums/checks-cache.ts';
import { loadAlbumChecks, preflightView, type AlbumChecks } from '../albums/preflight-view.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Language } from '../i18n/languages.ts';
import { albumFreshness, currentAlbumDocument, type AlbumFreshness } from '../album-store/albums.ts';
import type { JobSender } from '../jobs/sender.ts';
import type { CheckoutView } from '@stickerbook/api';
import { toCheckoutView } from './checkout-view.ts';
import {
  findVoucherByCode,
  toModelVoucher,
  type LoadedPriceList,
  type PriceListCache,
  type VoucherRow,
} from './price-tables.ts';
import { findOrderAlbumHeader, type OrderAlbumHeader } from './repository.ts';
import { fieldMessage } from './texts.ts';
import { VOUCHER_GUESS_LIMIT, type GuessKey, type VoucherAttempts } from './voucher-attempts.ts';

export interface OrdersContext {
  db: Db;
  checks: AlbumChecksCache;
  headers: AlbumHeaderCache;
  priceLists: PriceListCache;
  voucherAttempts: VoucherAttempts;
  /** Where the confirmation mail's job goes (in the order's transaction) and what its links start with. */
  jobs: JobSender;
  publicUrl: string;
  /** Invoices are also issued through Stripe (STRIPE_SECRET_KEY set): the checkout states how the customer pays. */
  stripeInvoices: boolean;
}

/** A field's failed rule in a 422 answer's details: the code is one of the API's list, the message its text. */
export interface FieldError {
  field: string;
  code: ApiErrorCode;
  message: string;
}

/** 422 VALIDATION_FAILED: the request is well-formed, but a checkout rule refuses it (docs/api-contract.md). */
export function rulesFailed(location: 'body' | 'querystring', fields: FieldError[]): AppError {
  return new AppError(422, 'VALIDATION_FAILED', 'Some fields break a checkout rule', { location, fields });
}

export function fieldErrors(
  errors: Partial<Record<string, CheckoutFieldError | QuoteErrorCode>>,
  language: Language,
  names: Record<string, string> = {},
): FieldError[] {
  return Object.entries(errors).flatMap(([field, code]) =>
    code ? [{ field: names[field] ?? field, code, message: fieldMessage(code, language) }] : [],
  );
}

/** 422 ALBUM_HAS_ERRORS: the album's preflight entries, each with its message in the caller's language. */
export function albumHasErrors(checks: Pick<AlbumChecks, 'errors'>, language: Language): AppError {
  return new AppError(422, 'ALBUM_HAS_ERRORS', 'The album has errors to fix before it can be ordered', {
    errors: preflightView(checks.errors, language),
  });
}

/**
 * SPEC §5: an album with preflight errors is not printed. Ordering checks it (place-order.ts); so do the print
 * approval and the print partner's export, since the album stays editable between the order and the approval
 * (a deleted spread breaks the binding rule). The current document is read, not a cache: both are rare calls.
 */
export async function refuseAlbumWithErrors(db: Db, albumId: string, language: Language): Promise<void> {
  const current = await currentAlbumDocument(db, albumId);
  if (!current) throw notFound('Album');
  const checks = await loadAlbumChecks(db, albumId, current.doc);
  if (checks.errors.length > 0) throw albumHasErrors(checks, language);
}

interface CheckoutAlbumState {
  album: OrderAlbumHeader;
  checks: AlbumChecks;
}

/**
 * The preflight of an album depends on its document and image records only, and the document changes only with
 * its version (the mutation log, or replaceAlbumDocument: album-store/albums.ts). So the checkout keys the checks
 * by version and images, not by the change time: placing an order moves updated_at (hasOrder, lastOrderId), and
 * that must not cost the next quote or order a read of the whole document and a new preflight.
 */
export function albumChecksOf(
  ctx: Pick<OrdersContext, 'db' | 'checks'>,
  albumId: string,
  fresh: Pick<AlbumFreshness, 'version' | 'imagesStamp'>,
): Promise<AlbumChecks | undefined> {
  return ctx.checks.get(ctx.db, albumId, {
    version: fresh.version,
    imagesStamp: fresh.imagesStamp,
    updatedAt: DOCUMENT_KEYED,
  });
}
const DOCUMENT_KEYED = new Date(0);

/**
 * The fields the checkout shows of recently quoted albums, by version and change time: every write of an album's
 * fields moves updated_at (album-store/albums.ts updateAlbum, the orders' own updates), so a quote of an unchanged
 * album costs a single statement, albumFreshness, which also answers who may see it.
 */
export class AlbumHeaderCache {
  private readonly entries = new Map<string, { key: string; header: OrderAlbumHeader }>();

  constructor(private readonly capacity = 256) {}

  async get(
    db: Db,
    albumId: string,
    fresh: Pick<AlbumFreshness, 'version' | 'updatedAt'>,
  ): Promise<OrderAlbumHeader | undefined> {
    const key = `${fresh.version}:${fresh.updatedAt.getTime()}`;
    const cached = this.entries.get(albumId);
    if (cached?.key === key) return cached.header;
    const header = await findOrderAlbumHeader(db, albumId);
    if (!header) return undefined;
    this.entries.delete(albumId);
    this.entries.set(albumId, { key, header });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return header;
  }
}

/** The album with its preflight, for anyone who may see it (members, guests owning it, admins); else 404. */
async function loadCheckoutAlbum(
  ctx: OrdersContext,
  principal: Principal,
  albumId: string,
): Promise<CheckoutAlbumState> {
  const fresh = await albumFreshness(ctx.db, albumId, principal);
  if (!fresh) throw notFound('Album');
  const [found, checks] = await Promise.all([
    ctx.headers.get(ctx.db, albumId, fresh),
    albumChecksOf(ctx, albumId, fresh),
  ]);
  if (!found || !checks) throw notFound('Album');
  return { album: found, checks };
}

export const categoryOf = (album: Pick<OrderAlbumHeader, 'category' | 'blueprintCategory'>) =>
  album.category ?? album.blueprintCategory;

/** Who guesses vouchers: the signed-in user or guest, and the IP. */
export const voucherRateKeys = (request: FastifyRequest, principal: Principal): GuessKey[] => [
  { key: `${principal.kind}:${principal.id}`, limit: VOUCHER_GUESS_LIMIT.user },
  { key: `ip:${request.ip}`, limit: VOUCHER_GUESS_LIMIT.ip },
];

/**
 * The voucher row for a code, counting a code that does not exist as a guess; 429 once the caller has guessed
 * too often (with the retry-after header of every other 429 of the API).
 */
export async function lookUpVoucher(
  ctx: OrdersContext,
  reply: FastifyReply,
  keys: readonly GuessKey[],
  rawCode: string,
): Promise<VoucherRow | undefined> {
  const code = normalizeVoucherCode(rawCode);
  const retryAfterSeconds = ctx.voucherAttempts.retryAfter(keys, code);
  if (retryAfterSeconds !== null) {
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError(429, 'RATE_LIMITED', `Too many voucher codes tried, retry in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
    });
  }
  const row = await findVoucherByCode(ctx.db, code);
  if (!row) ctx.voucherAttempts.miss(keys, code);
  return row;
}

export interface QuoteInput {
  noAlbums: number;
  packaging: string;
  countryCode: string;
  features: string[];
  voucher: VoucherRow | undefined;
  voucherCode: string | null;
  /** The buyer's VAT id, already checked (rules/checkout.ts, or `buyerTaxQueryErrors`). */
  vatId?: string | null;
  now: Date;
}

/** Names of the checkout query parameters, for field errors of GET /albums/:id/checkout. */
const QUERY_FIELD_NAMES: Record<string, string> = {
  noAlbums: 'no_albums',
  stickerPackagingType: 'sticker_packaging_type',
  countryCode: 'country_code',
  orderFeatures: 'order_features',
  vatId: 'vat_id',
  buyerReference: 'buyer_reference',
};

/** The product choices a quote needs, checked against the category and the price list (SPEC §5). */
function productChoiceErrors(
  category: string | null,
  priceList: LoadedPriceList,
  input: Pick<QuoteInput, 'noAlbums' | 'packaging' | 'countryCode' | 'features'>,
): Partial<Record<string, CheckoutFieldError>> {
  const errors: Partial<Record<string, CheckoutFieldError>> = {};
  const { min, max } = albumCountRange(category);
  if (!Number.isInteger(input.noAlbums) || input.noAlbums < min || input.noAlbums > max)
    errors.noAlbums = 'ALBUM_COUNT_OUT_OF_RANGE';
  if (!(STICKER_PACKAGING_TYPES as readonly string[]).includes(input.packaging))
    errors.stickerPackagingType = 'PACKAGING_UNKNOWN';
  if (!(COUNTRIES as readonly string[]).includes(input.countryCode))
    errors.countryCode = 'COUNTRY_NOT_SUPPORTED';
  const known = new Set(priceList.features.map((feature) => feature.key));
  if (input.features.some((key) => !known.has(key))) errors.orderFeatures = 'FEATURE_UNKNOWN';
  return errors;
}

/** Runs packages/model `quoteOrder`; a gap in the price tables is a field error like any other. */
export function priceQuote(
  priceList: LoadedPriceList,
  input: QuoteInput,
): { ok: true; quote: Quote } | { ok: false; errors: Partial<Record<string, QuoteErrorCode>> } {
  return quoteOrder(
    { ...priceList.tables, vouchers: input.voucher ? [toModelVoucher(input.voucher)] : [] },
    {
      noAlbums: input.noAlbums,
      packaging: input.packaging as PackagingType,
      countryCode: input.countryCode,
      features: input.features,
      voucherCode: input.voucherCode,
      vatId: input.vatId,
      now: input.now,
    },
  );
}

/**
 * The quote's VAT id and Leitweg-ID (issue 21 §4, §5), checked as POST /orders checks them, so the summary shows
 * the treatment the order will get. The quote has no organisation, so a VAT id needs none here.
 */
function buyerTaxQueryErrors(input: {
  vatId: string | null;
  buyerReference: string | null;
  countryCode: string;
}): Partial<Record<string, CheckoutFieldError>> {
  const errors: Partial<Record<string, CheckoutFieldError>> = {};
  if (input.vatId) {
    const checked = checkVatId(input.vatId, input.countryCode);
    if (!checked.ok) errors.vatId = checked.error;
  }
  if (input.buyerReference) {
    const checked = checkLeitwegId(input.buyerReference);
    if (!checked.ok) errors.buyerReference = checked.error;
  }
  return errors;
}

export interface CheckoutQuery {
  no_albums?: number;
  sticker_packaging_type?: string;
  country_code?: string;
  order_features: string[];
  voucher_code?: string;
  release_date?: string;
  vat_id?: string;
  buyer_reference?: string;
}

/** GET /albums/:id/checkout: the live quote and everything the checkout shows around it. */
export async function checkoutFor(
  ctx: OrdersContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { principal: Principal; albumId: string; query: CheckoutQuery; language: Language; now: Date },
): Promise<CheckoutView> {
  const { album, checks } = await loadCheckoutAlbum(ctx, input.principal, input.albumId);
  const category = categoryOf(album);
  const range = albumCountRange(category);
  const defaultCountry = defaultCountryFor(input.language);
  const priceList = await ctx.priceLists.get(ctx.db, album.language);
  const choice = {
    noAlbums: input.query.no_albums ?? range.default,
    packaging: input.query.sticker_packaging_type ?? 'stickerpack',
    countryCode: input.query.country_code ?? defaultCountry,
    features: [...new Set(input.query.order_features)],
  };
  const choiceErrors = productChoiceErrors(category, priceList, choice);
  if (Object.keys(choiceErrors).length > 0)
    throw rulesFailed('querystring', fieldErrors(choiceErrors, input.language, QUERY_FIELD_NAMES));
  const vatId = input.query.vat_id?.trim() || null;
  const taxErrors = buyerTaxQueryErrors({
    vatId,
    buyerReference: input.query.buyer_reference?.trim() || null,
    countryCode: choice.countryCode,
  });
  if (Object.keys(taxErrors).length > 0)
    throw rulesFailed('querystring', fieldErrors(taxErrors, input.language, QUERY_FIELD_NAMES));
  const voucherCode = input.query.voucher_code?.trim() || null;
  const voucher = voucherCode
    ? await lookUpVoucher(ctx, reply, voucherRateKeys(request, input.principal), voucherCode)
    : undefined;
  const quoted = priceQuote(priceList, {
    ...choice,
    voucher,
    voucherCode,
    vatId,
    now: input.now,
  });
  if (!quoted.ok)
    throw rulesFailed('querystring', fieldErrors(quoted.errors, input.language, QUERY_FIELD_NAMES));
  return toCheckoutView({
    album,
    eventDate: input.query.release_date ?? album.releaseDate,
    errors: preflightView(checks.errors, input.language),
    range,
    defaultCountry,
    priceList,
    quote: quoted.quote,
    noAlbums: choice.noAlbums,
    voucherMinimum: voucher?.minimumAmount ?? 0,
    stripeInvoices: ctx.stripeInvoices,
    language: input.language,
    now: input.now,
  });
}
