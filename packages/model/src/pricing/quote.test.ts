import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALBUM_CATEGORIES, COUNTRIES } from '../constants.ts';
import { albumCountRange } from '../rules/checkout.ts';
import { grossFromNet } from './money.ts';
import { quoteOrder, type QuoteRequest } from './quote.ts';
import type { PriceTables, Voucher } from './tables.ts';
import { VOUCHER_STATUSES } from './vouchers.ts';

const shipping = Object.fromEntries(COUNTRIES.map((code) => [code, code === 'DE' ? 1000 : 1990]));
const vat = Object.fromEntries(COUNTRIES.map((code) => [code, 1900]));

/** The shape of the seeded euro list: 50 albums with sticker packs to Germany cost 239,50 € net, 285,00 € gross. */
const euro: PriceTables = {
  currency: 'EUR',
  products: {
    album: [
      { minQuantity: 10, unitAmount: 449 },
      { minQuantity: 50, unitAmount: 379 },
      { minQuantity: 100, unitAmount: 349 },
      { minQuantity: 200, unitAmount: 319 },
      { minQuantity: 500, unitAmount: 289 },
    ],
    stickerpack: [{ minQuantity: 10, unitAmount: 80 }],
    stickerbox_single_variety: [{ minQuantity: 10, unitAmount: 150 }],
  },
  shipping,
  features: [
    { key: 'gift_wrapping', per: 'album', amount: 150 },
    { key: 'express_production', per: 'order', amount: 4900 },
  ],
  vatBasisPoints: vat,
};

const NOW = new Date('2026-06-15T10:00:00Z');
const request = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  noAlbums: 50,
  packaging: 'stickerpack',
  countryCode: 'DE',
  features: [],
  now: NOW,
  ...overrides,
});

function quote(tables: PriceTables, overrides: Partial<QuoteRequest> = {}) {
  const result = quoteOrder(tables, request(overrides));
  if (!result.ok) throw new Error(`quote failed: ${JSON.stringify(result.errors)}`);
  return result.quote;
}

const voucher = (overrides: Partial<Voucher>): Voucher => ({
  code: 'SOMMER10',
  kind: 'percent',
  value: 1000,
  currency: null,
  minimumAmount: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  ...overrides,
});

describe('quoteOrder', () => {
  it('prices 50 albums with sticker packs to Germany at 285,01 € gross: 19 % of 239,50 € is 45,505 €, rounded half up', () => {
    const q = quote(euro);
    expect(q.amount).toBe(23_950);
    expect(q.amountGross).toBe(28_501);
    expect(q.taxValue).toBe(4_551);
    expect(q.lines.map((l) => [l.product, l.quantity, l.unitAmount, l.amount])).toEqual([
      ['album', 50, 379, 18_950],
      ['stickerpack', 50, 80, 4_000],
    ]);
    expect(q.shipping).toBe(1000);
  });

  it('charges an Austrian business with a VAT id no VAT (reverse charge), a consumer there the table rate', () => {
    const business = quote(euro, { countryCode: 'AT', vatId: 'ATU13585627' });
    expect(business.taxTreatment).toBe('reverse_charge');
    expect(business.vatBasisPoints).toBe(0);
    expect(business.taxValue).toBe(0);
    expect(business.amountGross).toBe(business.amount);
    expect(business.lines.every((line) => line.amountGross === line.amount)).toBe(true);
    const consumer = quote(euro, { countryCode: 'AT' });
    expect(consumer.taxTreatment).toBe('standard');
    expect(consumer.vatBasisPoints).toBe(1900);
    expect(consumer.amountGross).toBeGreaterThan(consumer.amount);
  });

  it('charges a Swiss delivery no VAT (export), with or without a VAT id', () => {
    for (const vatId of [null, 'CHE116281710']) {
      const q = quote(euro, { countryCode: 'CH', vatId });
      expect([q.taxTreatment, q.vatBasisPoints, q.taxValue]).toEqual(['export', 0, 0]);
    }
  });

  it('charges a German business the German rate, VAT id or not', () => {
    const q = quote(euro, { vatId: 'DE136695976' });
    expect([q.taxTreatment, q.vatBasisPoints, q.amountGross]).toEqual(['standard', 1900, 28_501]);
  });

  it('takes the unit price of the tier an album count reaches', () => {
    expect(quote(euro, { noAlbums: 49 }).lines[0]?.unitAmount).toBe(449);
    expect(quote(euro, { noAlbums: 100 }).lines[0]?.unitAmount).toBe(349);
    expect(quote(euro, { noAlbums: 700 }).lines[0]?.unitAmount).toBe(289);
  });

  it('prices the boundary counts of every category', () => {
    for (const category of ALBUM_CATEGORIES) {
      const { min, max } = albumCountRange(category);
      for (const count of [10, 50, 200, 500, 700].filter((n) => n >= min && n <= max)) {
        const q = quote(euro, { noAlbums: count });
        expect(q.lines[0]?.quantity).toBe(count);
        expect(q.amountGross).toBe(grossFromNet(q.amount, 1900));
      }
    }
  });

  it('charges a feature per album or once per order', () => {
    const q = quote(euro, { features: ['gift_wrapping', 'express_production', 'gift_wrapping'] });
    expect(q.lines.slice(2).map((l) => [l.product, l.quantity, l.amount])).toEqual([
      ['gift_wrapping', 50, 7_500],
      ['express_production', 1, 4_900],
    ]);
    expect(q.amount).toBe(23_950 + 7_500 + 4_900);
  });

  it('refuses unknown countries, packagings and features and counts below one', () => {
    const result = quoteOrder(euro, {
      ...request(),
      noAlbums: 0,
      countryCode: 'US',
      packaging: 'crate' as never,
      features: ['unicorn'],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        noAlbums: 'ALBUM_COUNT_INVALID',
        countryCode: 'COUNTRY_NOT_SUPPORTED',
        stickerPackagingType: 'PACKAGING_UNKNOWN',
        orderFeatures: 'FEATURE_UNKNOWN',
      },
    });
  });

  it('answers every voucher status and discounts only a valid voucher', () => {
    const vouchers: Voucher[] = [
      voucher({ code: 'SOMMER10' }),
      voucher({ code: 'OLD', endsAt: new Date('2026-01-01T00:00:00Z') }),
      voucher({ code: 'LATER', startsAt: new Date('2026-07-01T00:00:00Z') }),
      voucher({ code: 'ONCE', maxUses: 1, uses: 1 }),
      voucher({ code: 'BIG', kind: 'fixed', value: 5000, currency: 'EUR', minimumAmount: 100_000 }),
    ];
    const tables = { ...euro, vouchers };
    const statusOf = (code: string) => quote(tables, { voucherCode: code }).voucher?.status;
    expect(statusOf(' sommer10 ')).toBe('valid');
    expect(statusOf('NOPE')).toBe('invalid');
    expect(statusOf('OLD')).toBe('inactive');
    expect(statusOf('LATER')).toBe('inactive');
    expect(statusOf('ONCE')).toBe('taken');
    expect(statusOf('BIG')).toBe('below_minimum_amount');
    const valid = quote(tables, { voucherCode: 'SOMMER10' });
    expect(valid.voucher?.discount).toBe(2_395);
    expect(valid.amount).toBe(23_950 - 2_395);
    expect(quote(tables, { voucherCode: 'NOPE' }).amount).toBe(23_950);
    expect(quote(tables, { voucherCode: '  ' }).voucher).toBeNull();
  });

  it('treats a fixed voucher of the other currency as invalid', () => {
    const tables: PriceTables = {
      ...euro,
      currency: 'PLN',
      vouchers: [voucher({ code: 'EURO5', kind: 'fixed', value: 500, currency: 'EUR' })],
    };
    expect(quote(tables, { voucherCode: 'EURO5' }).voucher?.status).toBe('invalid');
  });

  it('never discounts below zero', () => {
    const tables = {
      ...euro,
      vouchers: [voucher({ code: 'ALL', kind: 'fixed', value: 10_000_000, currency: 'EUR' })],
    };
    const q = quote(tables, { voucherCode: 'ALL' });
    expect(q.amount).toBe(0);
    expect(q.amountGross).toBe(0);
  });
});

describe('quoteOrder properties', () => {
  const anyRequest = fc.record({
    noAlbums: fc.integer({ min: 10, max: 700 }),
    packaging: fc.constantFrom('stickerpack' as const, 'stickerbox_single_variety' as const),
    countryCode: fc.constantFrom(...COUNTRIES),
    features: fc.subarray(['gift_wrapping', 'express_production']),
    voucher: fc.option(
      fc.record({
        kind: fc.constantFrom('fixed' as const, 'percent' as const),
        value: fc.integer({ min: 0, max: 100_000 }),
        minimumAmount: fc.integer({ min: 0, max: 500_000 }),
        maxUses: fc.option(fc.integer({ min: 1, max: 3 })),
        uses: fc.integer({ min: 0, max: 3 }),
      }),
    ),
  });

  it('keeps gross at least net, totals equal to the sum of lines, and integer amounts', () => {
    fc.assert(
      fc.property(anyRequest, (input) => {
        const percentCapped =
          input.voucher && input.voucher.kind === 'percent'
            ? Math.min(input.voucher.value, 10_000)
            : undefined;
        const vouchers = input.voucher
          ? [
              voucher({
                ...input.voucher,
                code: 'V',
                currency: 'EUR',
                value: percentCapped ?? input.voucher.value,
              }),
            ]
          : [];
        const q = quote({ ...euro, vouchers }, { ...input, voucherCode: input.voucher ? 'V' : null });
        const lines = q.lines.reduce((sum, l) => sum + l.amount, 0);
        expect(q.subtotal).toBe(lines + q.shipping);
        expect(q.amount).toBe(q.subtotal - (q.voucher?.discount ?? 0));
        expect(q.amount).toBeGreaterThanOrEqual(0);
        expect(q.amountGross).toBeGreaterThanOrEqual(q.amount);
        expect(q.taxValue).toBe(q.amountGross - q.amount);
        for (const value of [q.amount, q.amountGross, q.taxValue, ...q.lines.map((l) => l.amountGross)]) {
          expect(Number.isInteger(value)).toBe(true);
        }
        expect(VOUCHER_STATUSES).toContain(q.voucher?.status ?? 'valid');
        if (q.voucher && q.voucher.status !== 'valid') expect(q.voucher.discount).toBe(0);
      }),
    );
  });
});
