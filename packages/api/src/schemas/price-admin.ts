/**
 * The back office's price tables and vouchers (issue 14 "Prices and vouchers", SPEC §7). Money is integer minor
 * units; percent vouchers and VAT are basis points (10000 = 100 %). Orders copy what they were priced with, so a
 * change here reaches no placed order.
 */
import { COUNTRIES } from '@stickerbook/model';
import { z } from 'zod';

/** Minor units: whole, not negative, and far below the 32-bit column limit. */
const minor = z.number().int('Must be a whole number of minor units').min(0).max(100_000_000);
const basisPoints = z.number().int().min(0).max(10_000, 'Must be at most 100 %');
const key = z.string().min(1).max(100);
const country = z.enum(COUNTRIES);

/** PATCH /admin/prices: one price, named by its table and its row's keys; the answer is every table again. */
export const priceChangeSchema = z.discriminatedUnion('table', [
  z.strictObject({
    table: z.literal('product_prices'),
    price_list_id: key,
    product_key: key,
    min_quantity: z.number().int().min(1),
    unit_amount: minor,
  }),
  z.strictObject({
    table: z.literal('shipping_rates'),
    price_list_id: key,
    country_code: country,
    amount: minor,
  }),
  z.strictObject({
    table: z.literal('order_feature_prices'),
    price_list_id: key,
    feature_key: key,
    amount: minor,
  }),
  z.strictObject({ table: z.literal('vat_rates'), country_code: country, basis_points: basisPoints }),
]);

/** Titles by language. */
const translated = z.record(z.string(), z.string().optional());

/** GET and PATCH /admin/prices: every price table. */
export const priceTablesSchema = z.object({
  price_lists: z.array(z.object({ id: z.string(), currency: z.string(), languages: z.array(z.string()) })),
  products: z.array(z.object({ key: z.string(), titles: translated })),
  product_prices: z.array(
    z.object({
      price_list_id: z.string(),
      product_key: z.string(),
      min_quantity: z.number(),
      unit_amount: z.number(),
    }),
  ),
  shipping_rates: z.array(
    z.object({ price_list_id: z.string(), country_code: z.string(), amount: z.number() }),
  ),
  order_features: z.array(
    z.object({ key: z.string(), per: z.string(), active: z.boolean(), titles: translated }),
  ),
  order_feature_prices: z.array(
    z.object({ price_list_id: z.string(), feature_key: z.string(), amount: z.number() }),
  ),
  vat_rates: z.array(z.object({ country_code: z.string(), basis_points: z.number() })),
});

/** POST /admin/vouchers: a fixed voucher (minor units of its currency) or a percent one (basis points). */
export const voucherInputSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,40}$/, 'Must be 3 to 40 letters, digits, - or _'),
    kind: z.enum(['fixed', 'percent']),
    value: minor,
    currency: z.enum(['EUR', 'PLN']).nullable().default(null),
    minimum_amount: minor.default(0),
    starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
    ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
    max_uses: z.number().int().min(1).max(1_000_000).nullable().default(null),
  })
  .superRefine((voucher, ctx) => {
    if (voucher.kind === 'percent' && voucher.value > 10_000)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent voucher is at most 100 %' });
    if (voucher.kind === 'fixed' && !voucher.currency)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'A fixed voucher needs a currency' });
    if (voucher.starts_at && voucher.ends_at && Date.parse(voucher.ends_at) <= Date.parse(voucher.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start' });
  });

/** A voucher as the back office lists it; `active` is now within its window and below its maximum uses. */
const voucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['fixed', 'percent']),
  value: z.number(),
  currency: z.string().nullable(),
  minimum_amount: z.number(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().nullable(),
  uses: z.number(),
  active: z.boolean(),
});

/** GET /admin/vouchers: newest first. */
export const voucherListSchema = z.object({ vouchers: z.array(voucherSchema) });

/** POST /admin/vouchers and POST /admin/vouchers/{id}/deactivate: the voucher as it is now. */
export const voucherResponseSchema = z.object({ voucher: voucherSchema });

export type PriceTablesView = z.infer<typeof priceTablesSchema>;
export type PriceChangeBody = z.input<typeof priceChangeSchema>;
export type VoucherView = z.infer<typeof voucherSchema>;
export type VoucherListView = z.infer<typeof voucherListSchema>;
export type VoucherResponseView = z.infer<typeof voucherResponseSchema>;
export type NewVoucherBody = z.input<typeof voucherInputSchema>;
