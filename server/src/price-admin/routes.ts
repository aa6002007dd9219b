/**
 * Admin-only editing of the price tables and vouchers (issue 14 "Prices and vouchers"). Every route answers 404 to
 * anyone but an admin (registered under `adminOnly`, auth/admin-only.ts). Money is integer minor units; percent
 * vouchers and VAT are basis points (10000 = 100 %).
 */
import { COUNTRIES } from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import { errorResponses } from '@stickerbook/api';
import {
  allPriceTables,
  applyPriceChange,
  deactivateVoucher,
  insertVoucher,
  listVouchers,
  type VoucherRow,
} from './repository.ts';

/** Minor units: whole, not negative, and far below the 32-bit column limit. */
const minor = z.number().int('Must be a whole number of minor units').min(0).max(100_000_000);
const basisPoints = z.number().int().min(0).max(10_000, 'Must be at most 100 %');
const key = z.string().min(1).max(100);
const country = z.enum(COUNTRIES);

const priceChangeSchema = z.discriminatedUnion('table', [
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

const voucherInputSchema = z
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

function toVoucherView(row: VoucherRow, now = new Date()) {
  const active =
    (!row.startsAt || row.startsAt <= now) &&
    (!row.endsAt || row.endsAt > now) &&
    (row.maxUses === null || row.uses < row.maxUses);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    currency: row.currency,
    minimum_amount: row.minimumAmount,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    uses: row.uses,
    active,
  };
}

const translated = z.record(z.string(), z.string().optional());

const priceTablesSchema = z.object({
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

export const priceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const responses = { ...errorResponses, 422: errorEnvelopeSchema };

  app.get(
    '/admin/prices',
    { schema: { tags: ['admin'], response: { 200: priceTablesSchema, ...responses } } },
    async () => allPriceTables(db),
  );

  app.patch(
    '/admin/prices',
    {
      schema: {
        tags: ['admin'],
        body: priceChangeSchema,
        response: { 200: priceTablesSchema, ...responses },
      },
    },
    async (request) => {
      if (!(await applyPriceChange(db, request.body))) throw notFound('Price');
      return allPriceTables(db);
    },
  );

  app.get(
    '/admin/vouchers',
    {
      schema: {
        tags: ['admin'],
        response: { 200: z.object({ vouchers: z.array(voucherSchema) }), ...responses },
      },
    },
    async () => ({ vouchers: (await listVouchers(db)).map((row) => toVoucherView(row)) }),
  );

  app.post(
    '/admin/vouchers',
    {
      schema: {
        tags: ['admin'],
        body: voucherInputSchema,
        response: { 201: z.object({ voucher: voucherSchema }), ...responses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const row = await insertVoucher(db, {
        code: body.code,
        kind: body.kind,
        value: body.value,
        currency: body.currency,
        minimumAmount: body.minimum_amount,
        startsAt: body.starts_at ? new Date(body.starts_at) : null,
        endsAt: body.ends_at ? new Date(body.ends_at) : null,
        maxUses: body.max_uses,
      });
      if (!row) throw new AppError(409, 'VOUCHER_CODE_TAKEN', 'A voucher with this code exists already');
      return reply.status(201).send({ voucher: toVoucherView(row) });
    },
  );

  app.post(
    '/admin/vouchers/:id/deactivate',
    {
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ voucher: voucherSchema }), ...responses },
      },
    },
    async (request) => {
      const row = await deactivateVoucher(db, request.params.id);
      if (!row) throw notFound('Voucher');
      return { voucher: toVoucherView(row) };
    },
  );
};
