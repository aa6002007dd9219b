/**
 * Checkout and orders (issue 13, docs/api-contract.md "Checkout and orders"). Access: the checkout for anyone who
 * may see the album (guests too); ordering for signed-in users; an order for its user (and admins); anyone else
 * gets 404 for albums and orders alike, so ids do not leak.
 */
import { PAGE_SIZES } from '@stickerbook/model';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin, type Principal } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { AlbumChecksCache } from '../albums/checks-cache.ts';
import { notFound } from '../http/errors.ts';
import { jobSender } from '../jobs/sender.ts';
import {
  checkoutQuerySchema,
  checkoutResponseSchema,
  errorResponses,
  orderFormSchema,
  orderListSchema,
  orderResponseSchema,
  placedOrderSchema,
  reviewFeedbackSchema,
  STAFF_SIGNALS,
  staffSignalListSchema,
} from '@stickerbook/api';
import { approvePrint } from './actions/approve-print.ts';
import { placeOrder } from './actions/place-order.ts';
import { submitReview } from './actions/submit-review.ts';
import { findOrder, listOrdersOfUser, loadOrderParts, type OrderRow } from './repository.ts';
import { AlbumHeaderCache, checkoutFor, type OrdersContext } from './service.ts';
import { signalTitle } from './texts.ts';
import { requestLanguage } from '../i18n/languages.ts';
import { orderName, toOrderView } from './view.ts';
import { signedDocumentUrl } from '../invoices/document-links.ts';
import { createStorage } from '../storage/index.ts';

import { PriceListCache } from './price-tables.ts';
import { VoucherAttempts } from './voucher-attempts.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const { signer } = createStorage(config);
  const linkTo = (path: string) => signedDocumentUrl(signer, path);
  const ctx: OrdersContext = {
    db: database.db,
    checks: new AlbumChecksCache(),
    headers: new AlbumHeaderCache(),
    priceLists: new PriceListCache(),
    voucherAttempts: new VoucherAttempts(),
    jobs: jobSender(database),
    publicUrl: config.publicUrl,
    stripeInvoices: Boolean(config.stripeSecretKey),
  };

  async function visibleOrder(principal: Principal, id: string): Promise<OrderRow> {
    const order = await findOrder(ctx.db, id);
    const mine = principal.kind === 'user' && order?.userId === principal.id;
    if (!order || !(mine || isAdmin(principal))) throw notFound('Order');
    return order;
  }

  /** Admins read every change of an order; its customer the changes that touch them (orders/order-changes.ts). */
  async function orderView(order: OrderRow, request: FastifyRequest) {
    const principal = request.principal;
    const audience = principal && isAdmin(principal) ? 'staff' : 'customer';
    return toOrderView(order, await loadOrderParts(ctx.db, [order]), requestLanguage(request), linkTo, {
      audience,
    });
  }

  app.get(
    '/albums/:id/checkout',
    {
      schema: {
        tags: ['orders'],
        params: idParams,
        querystring: checkoutQuerySchema,
        response: { 200: checkoutResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const checkout = await checkoutFor(ctx, request, reply, {
        principal,
        albumId: request.params.id,
        query: request.query,
        language: requestLanguage(request),
        now: new Date(),
      });
      return { checkout };
    },
  );

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100) }).loose(),
        body: orderFormSchema,
        response: { 200: placedOrderSchema, 201: placedOrderSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { amount: _amount, amount_gross: _amountGross, ...form } = request.body;
      const result = await placeOrder(ctx, request, reply, {
        principal,
        idempotencyKey: request.headers['idempotency-key'],
        form: {
          ...form,
          firstName: form.firstName ?? '',
          lastName: form.lastName ?? '',
          email: form.email ?? '',
          address1: form.address1 ?? '',
          zipCode: form.zipCode ?? '',
          city: form.city ?? '',
          countryCode: form.countryCode ?? '',
          stickerPackagingType: form.stickerPackagingType ?? '',
          releaseDate: form.releaseDate ?? '',
          printConsent: form.printConsent ?? false,
        },
        language: requestLanguage(request),
        now: new Date(),
      });
      const { order } = result;
      return reply.status(result.created ? 201 : 200).send({
        order: {
          id: order.id,
          number: order.number,
          name: orderName(order.number),
          amount: order.amount,
          amount_gross: order.amountGross,
          currency: order.currency,
          album: { id: order.albumId, release_date: order.releaseDate },
        },
      });
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        querystring: z.strictObject({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          per: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.orders),
        }),
        response: {
          200: orderListSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { page, per } = request.query;
      if (principal.kind !== 'user') return { orders: [], pagination: { page, per, total: 0, pages: 0 } };
      const { rows, total } = await listOrdersOfUser(ctx.db, principal.id, {
        offset: (page - 1) * per,
        limit: per,
      });
      const parts = await loadOrderParts(ctx.db, rows);
      const language = requestLanguage(request);
      return {
        orders: rows.map((row) => toOrderView(row, parts, language, linkTo)),
        pagination: { page, per, total, pages: Math.ceil(total / per) },
      };
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        params: idParams,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const order = await visibleOrder(requirePrincipal(request), request.params.id);
      return { order: await orderView(order, request) };
    },
  );

  app.get(
    '/order_signals',
    {
      schema: {
        tags: ['orders'],
        response: { 200: staffSignalListSchema, ...errorResponses },
      },
    },
    async (request) => {
      requirePrincipal(request);
      const language = requestLanguage(request);
      return {
        order_signals: STAFF_SIGNALS.map((title) => ({ title, human_title: signalTitle(title, language) })),
      };
    },
  );

  /** The review steps are the customer's: the order's user, or an admin acting for them. */
  async function reviewableOrder(principal: Principal, id: string) {
    const order = await visibleOrder(principal, id);
    if (principal.kind !== 'user') throw notFound('Order');
    return { order, userId: principal.id };
  }

  app.post(
    '/orders/:id/print_approval',
    {
      schema: {
        tags: ['orders'],
        params: idParams,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { order, userId } = await reviewableOrder(requirePrincipal(request), request.params.id);
      await approvePrint(ctx, app.realtime, { order, userId, language: requestLanguage(request) });
      return { order: await orderView(order, request) };
    },
  );

  app.post(
    '/orders/:id/submit_review',
    {
      schema: {
        tags: ['orders'],
        params: idParams,
        body: reviewFeedbackSchema,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { order, userId } = await reviewableOrder(requirePrincipal(request), request.params.id);
      await submitReview(ctx, app.realtime, { order, userId, message: request.body?.message || null });
      return { order: await orderView(order, request) };
    },
  );
};
