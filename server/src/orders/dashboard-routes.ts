/**
 * GET /orders/dashboard and /albums/dashboard (SPEC §7): admin-only lists with scopes, search, sort, paging
 * (registered under `adminOnly`, auth/admin-only.ts: a non-admin gets 404, never a 400 naming the fields).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadOrderParts } from './repository.ts';
import { requestLanguage } from '../i18n/languages.ts';
import { toOrderView } from './view.ts';
import {
  albumDashboardQuerySchema,
  albumDashboardSchema,
  errorResponses,
  orderDashboardQuerySchema,
  orderDashboardSchema,
} from '@stickerbook/api';
import { signedDocumentUrl } from '../invoices/document-links.ts';
import { createStorage } from '../storage/index.ts';
import { albumDashboardPage, orderDashboardPage } from './dashboard.ts';
import { startDashboardUpkeep } from './dashboard-upkeep.ts';
import { coverPreviewUrl } from '../albums/cover-preview.ts';

const pagination = (page: number, per: number, total: number) => ({
  page,
  per,
  total,
  pages: Math.max(1, Math.ceil(total / per)),
});

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  if (app.ctx.database.driver === 'pglite') {
    // PGlite has no autovacuum; the dashboard's index-only paging needs one (dashboard-upkeep.ts).
    const upkeep = startDashboardUpkeep(app.ctx.database);
    app.addHook('onClose', () => upkeep.stop());
  }
  const { signer } = createStorage(app.ctx.config);
  const linkTo = (path: string) => signedDocumentUrl(signer, path);

  app.get(
    '/orders/dashboard',
    {
      schema: {
        tags: ['admin'],
        querystring: orderDashboardQuerySchema,
        response: { 200: orderDashboardSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await orderDashboardPage(db, {
        scope: q.scope,
        query: q.query,
        sortBy: q.sort_by,
        sortOrder: q.sort_order,
        page: q.page,
        per: q.per,
      });
      const parts = await loadOrderParts(db, result.rows);
      const language = requestLanguage(request);
      return {
        orders: result.rows.map((order) =>
          toOrderView(order, parts, language, linkTo, { audience: 'staff' }),
        ),
        meta: { counts: result.counts },
        pagination: pagination(q.page, q.per, result.total),
      };
    },
  );

  app.get(
    '/albums/dashboard',
    {
      schema: {
        tags: ['admin'],
        querystring: albumDashboardQuerySchema,
        response: { 200: albumDashboardSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await albumDashboardPage(db, {
        scope: q.scope,
        query: q.query,
        sortBy: q.sort_by,
        sortOrder: q.sort_order,
        page: q.page,
        per: q.per,
      });
      return {
        albums: result.rows.map((row) => ({
          id: row.id,
          title: row.title,
          identifier: row.identifier,
          language: row.language,
          category: row.category ?? row.blueprintCategory,
          release_date: row.releaseDate,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
          has_order: row.hasOrder,
          last_order_id: row.lastOrderId,
          owner_email: row.ownerEmail,
          cover_preview_url: coverPreviewUrl(row),
        })),
        meta: { counts: result.counts },
        pagination: pagination(q.page, q.per, result.total),
      };
    },
  );
};
