/**
 * Placing an order (issue 13, docs/api-contract.md POST /orders). Everything is recomputed here: the rules of
 * SPEC §5, the preflight, the price from the tables, the voucher, the tax treatment from the delivery country and
 * the buyer's VAT id (issue 21 §4); amounts a client sends are ignored. The writes,
 * the confirmation mail's job among them, are one transaction (repository.ts placeOrderRows). Idempotency: the key is unique per user and the order keeps
 * a hash of the request, so a double click or a retried request finds the first order (200), and the same key
 * with another body is refused (409 IDEMPOTENCY_KEY_REUSED), also when both arrive at once (the unique index
 * decides and the loser looks the winner up).
 */
import {
  checkLeitwegId,
  checkoutFormErrors,
  checkVatId,
  formatPhoneNumber,
  isoDay,
  organizationFieldFor,
  type Quote,
} from '@stickerbook/model';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../auth/access-tokens.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { prepareMailQueue, queueMail } from '../../jobs/mail.ts';
import { albumFreshness } from '../../album-store/albums.ts';
import { orderConfirmationMail } from '../mail.ts';
import type { Language } from '../../i18n/languages.ts';
import { priceListFromTables, type LoadedPriceList, type VoucherRow } from '../price-tables.ts';
import {
  findOrder,
  findOrderByIdempotencyKey,
  isUniqueViolation,
  loadOrderStart,
  placeOrderRows,
  VoucherUsedUp,
  type OrderSummary,
} from '../repository.ts';
import {
  albumChecksOf,
  albumHasErrors,
  categoryOf,
  fieldErrors,
  lookUpVoucher,
  priceQuote,
  rulesFailed,
  voucherRateKeys,
  type OrdersContext,
} from '../service.ts';
import { voucherMessage } from '../texts.ts';
import { languageOf } from '../../i18n/languages.ts';
import { formatMoney } from '../../i18n/format.ts';

export interface OrderForm {
  album_id: string;
  organization?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  areaCode?: string | null;
  address1: string;
  address2?: string | null;
  zipCode: string;
  city: string;
  countryCode: string;
  noAlbums: number;
  comment?: string | null;
  orderFeatures: string[];
  voucherCode?: string | null;
  quoteName?: string | null;
  stickerPackagingType: string;
  releaseDate: string;
  /** Optional, for organisations: checked by the rules, it decides the tax treatment (issue 21 §4). */
  vatId?: string | null;
  /** Optional Leitweg-ID of a public buyer (issue 21 §5). */
  buyerReference?: string | null;
  printConsent: boolean;
  /** The total the order button showed; a different server price is refused (PRICE_CHANGED). */
  expected_amount_gross?: number;
}

/** The order that answers the request: the new one, or for a replayed request the stored one (`created` false). */
export interface PlaceOrderResult {
  created: boolean;
  /** With its number, the one order number the customer reads everywhere (SB-10001). */
  order: OrderSummary & { number: number };
}

/** Canonical JSON (sorted keys) of the form: the same order asked twice hashes the same however it is spelled. */
function requestHash(form: OrderForm): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(form)))
    .digest('hex');
}

/**
 * The price moved between the button and the order (a price table changed): the customer is asked again with
 * the new total instead of being charged another amount than the button said.
 */
function priceChanged(expected: number, quote: Quote, language: Language): AppError {
  return new AppError(409, 'PRICE_CHANGED', 'The price changed since the checkout showed it', {
    expected_amount_gross: expected,
    expected_amount_gross_human: formatMoney(expected, quote.currency, language),
    amount: quote.amount,
    amount_gross: quote.amountGross,
    tax_value: quote.taxValue,
    amount_gross_human: formatMoney(quote.amountGross, quote.currency, language),
  });
}

async function replay(
  db: Db,
  existing: OrderSummary & { number?: number },
  hash: string,
): Promise<PlaceOrderResult> {
  if (existing.requestHash !== hash)
    throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another order');
  // order_start's summary (migration 0021) has no number; a replay is rare enough to read it on its own.
  const number = existing.number ?? (await findOrder(db, existing.id))?.number;
  if (number === undefined) throw notFound('Order');
  return { created: false, order: { ...existing, number } };
}

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function lineItemsOf(quote: Quote, priceList: LoadedPriceList) {
  return quote.lines.map((line, position) => {
    const entry =
      priceList.products.get(line.product) ?? priceList.features.find((f) => f.key === line.product);
    return {
      position,
      product: line.product,
      kind: line.kind,
      titles: entry?.titles ?? {},
      descriptions: entry?.descriptions ?? {},
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      amount: line.amount,
      amountGross: line.amountGross,
    };
  });
}

export async function placeOrder(
  ctx: OrdersContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { principal: Principal; idempotencyKey: string; form: OrderForm; language: Language; now: Date },
): Promise<PlaceOrderResult> {
  const { principal, form, language, now } = input;
  if (principal.kind !== 'user')
    throw new AppError(401, 'SIGNUP_REQUIRED', 'Ordering needs an account: sign up or log in');
  const hash = requestHash(form);
  // Two statements before the write: who may see the album at which version, and (one statement) an earlier
  // order with this key, the album's fields and the price tables.
  const [fresh, start] = await Promise.all([
    albumFreshness(ctx.db, form.album_id, principal),
    loadOrderStart(ctx.db, {
      userId: principal.id,
      idempotencyKey: input.idempotencyKey,
      albumId: form.album_id,
    }),
  ]);
  if (start.existing) return replay(ctx.db, start.existing, hash);
  const album = start.album;
  if (!fresh || !album) throw notFound('Album');
  const checks = await albumChecksOf(ctx, album.id, fresh);
  if (!checks) throw notFound('Album');
  const category = categoryOf(album);
  const priceList = priceListFromTables(start.tables, album.language);
  const ruleErrors = checkoutFormErrors(form, {
    category,
    today: isoDay(now),
    featureKeys: priceList.features.map((feature) => feature.key),
  });
  if (Object.keys(ruleErrors).length > 0) throw rulesFailed('body', fieldErrors(ruleErrors, language));
  if (checks.errors.length > 0) throw albumHasErrors(checks, language);

  // Weddings have no organisation, so neither VAT id nor Leitweg-ID (the rules skipped them too).
  const buyerFields = organizationFieldFor(category) !== 'hidden';
  const vatIdText = buyerFields ? text(form.vatId) : null;
  const referenceText = buyerFields ? text(form.buyerReference) : null;
  const vatIdChecked = vatIdText ? checkVatId(vatIdText, form.countryCode) : null;
  const referenceChecked = referenceText ? checkLeitwegId(referenceText) : null;
  const buyerVatId = vatIdChecked?.ok ? vatIdChecked.vatId : null;
  const buyerReference = referenceChecked?.ok ? referenceChecked.leitwegId : null;

  const voucherCode = text(form.voucherCode);
  let voucher: VoucherRow | undefined;
  if (voucherCode)
    voucher = await lookUpVoucher(ctx, reply, voucherRateKeys(request, principal), voucherCode);
  const quoted = priceQuote(priceList, {
    noAlbums: form.noAlbums,
    packaging: form.stickerPackagingType,
    countryCode: form.countryCode,
    features: form.orderFeatures,
    voucher,
    voucherCode,
    vatId: buyerVatId,
    now,
  });
  if (!quoted.ok) throw rulesFailed('body', fieldErrors(quoted.errors, language));
  const quote = quoted.quote;
  const notApplicable = (status: NonNullable<Quote['voucher']>['status']) =>
    new AppError(422, 'VOUCHER_NOT_APPLICABLE', 'The voucher cannot be used for this order', {
      voucher: {
        code: voucherCode,
        status,
        error_message: voucherMessage(
          status,
          language,
          formatMoney(voucher?.minimumAmount ?? 0, quote.currency, language),
        ),
      },
    });
  if (quote.voucher && quote.voucher.status !== 'valid') throw notApplicable(quote.voucher.status);
  if (form.expected_amount_gross !== undefined && form.expected_amount_gross !== quote.amountGross) {
    // The checkout's quote came from a copy of the tables older than these: the next quote reads them anew.
    ctx.priceLists.clear();
    throw priceChanged(form.expected_amount_gross, quote, language);
  }

  const phone = text(form.phone);
  const areaCode = text(form.areaCode) ?? '';
  const organization = organizationFieldFor(category) === 'hidden' ? null : text(form.organization);
  const order = {
    id: randomUUID(),
    userId: principal.id,
    albumId: album.id,
    language: album.language,
    currency: quote.currency,
    subtotal: quote.subtotal,
    shippingAmount: quote.shipping,
    amount: quote.amount,
    amountGross: quote.amountGross,
    taxValue: quote.taxValue,
    vatBasisPoints: quote.vatBasisPoints,
    taxTreatment: quote.taxTreatment,
    buyerVatId,
    buyerReference,
    noAlbums: form.noAlbums,
    stickerPackagingType: form.stickerPackagingType,
    orderFeatures: [...new Set(form.orderFeatures)],
    email: form.email.trim(),
    phone: phone ? formatPhoneNumber(areaCode, phone) : null,
    comment: text(form.comment),
    quoteName: text(form.quoteName),
    releaseDate: form.releaseDate,
    voucher:
      voucher && quote.voucher
        ? { code: voucher.code, kind: voucher.kind, value: voucher.value, discount: quote.voucher.discount }
        : null,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
  };
  const address = {
    organization,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    address1: form.address1.trim(),
    address2: text(form.address2),
    zipCode: form.zipCode.trim(),
    city: form.city.trim(),
    countryCode: form.countryCode,
    phone: order.phone,
  };
  const lineItems = lineItemsOf(quote, priceList);
  // pg-boss started and the mail queue made before the transaction: inside it only the job's row is written.
  await prepareMailQueue(ctx.jobs);
  try {
    const placed = await placeOrderRows(
      ctx.db,
      {
        id: order.id,
        order,
        address,
        lineItems,
        voucher: voucher && quote.voucher ? { id: voucher.id, discount: quote.voucher.discount } : undefined,
        releaseDate: form.releaseDate,
      },
      now,
      async (placed, execute) => {
        // The confirmation goes out in the album language, and its job commits with the order or not at all.
        const mail = orderConfirmationMail({
          order: { ...order, number: placed.number },
          address,
          lineItems,
          albumTitle: album.title,
          language: languageOf(album.language),
          publicUrl: ctx.publicUrl,
        });
        await queueMail(ctx.jobs, mail, { inTransaction: execute });
      },
    );
    return { created: true, order: { ...order, number: placed.number } };
  } catch (error) {
    if (error instanceof VoucherUsedUp) throw notApplicable('taken');
    if (isUniqueViolation(error)) {
      const winner = await findOrderByIdempotencyKey(ctx.db, principal.id, input.idempotencyKey);
      if (winner) return replay(ctx.db, winner, hash);
    }
    throw error;
  }
}
