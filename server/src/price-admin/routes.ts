/**
 * Admin-only editing of the price tables and vouchers (issue 14 "Prices and vouchers"). Every route answers 404 to
 * anyone but an admin (registered under `adminOnly`, auth/admin-only.ts). Money is integer minor units; percent
 * vouchers and VAT are basis points (10000 = 100 %).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorEnvelopeSchema, notFound } from '../http/errors.ts';
import {
  errorResponses,
  priceChangeSchema,
  priceTablesSchema,
  voucherInputSchema,
  voucherListSchema,
  voucherResponseSchema,
  type VoucherView,
} from '@stickerbook/api';
import {
  allPriceTables,
  applyPriceChange,
  deactivateVoucher,
  insertVoucher,
  listVouchers,
  type VoucherRow,
} from './repository.ts';

function toVoucherView(row: VoucherRow, now = new Date()): VoucherView {
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
        response: { 200: voucherListSchema, ...responses },
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
        response: { 201: voucherResponseSchema, ...responses },
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
        response: { 200: voucherResponseSchema, ...responses },
      },
    },
    async (request) => {
      const row = await deactivateVoucher(db, request.params.id);
      if (!row) throw notFound('Voucher');
      return { voucher: toVoucherView(row) };
    },
  );
};
