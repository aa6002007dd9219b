/**
 * GET /orders/dashboard and /albums/dashboard (SPEC §7): admin-only lists with scopes, search, sort, paging
 * (registered under `adminOnly`, auth/admin-only.ts: a non-admin gets 404, never a 400 naming the fields).
 */
import { DASHBOARD_DEFAULT_SORT, DASHBOARD_SORT_FIELDS, PAGE_SIZES } from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadOrderParts } from './repository.ts';
import { requestLanguage } from '../i18n/languages.ts';
import { toOrderView } from './view.ts';
import { errorResponses, orderSchema } from '@stickerbook/api';
import { signedDocumentUrl } from '../invoices/document-links.ts';
import { createStorage } from '../storage/index.ts';
import { ALBUM_SCOPES, albumDashboardPage, ORDER_SCOPES, orderDashboardPage } from './dashboard.ts';
import { startDashboardUpkeep } from './dashboard-upkeep.ts';
import { coverPreviewUrl } from '../albums/cover-preview.ts';

const pagingQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.dashboard),
  query: z.string().max(200).optional(),
  sort_by: z.enum(DASHBOARD_SORT_FIELDS).default(DASHBOARD_DEFAULT_SORT.field),
  sort_order: z.enum(['asc', 'desc']).default(DASHBOARD_DEFAULT_SORT.order),
};

const paginationSchema = z.object({
  page: z.number(),
  per: z.number(),
  total: z.number(),
  pages: z.number(),
});
const pagination = (page: number, per: number, total: number) => ({
  page,
  per,
  total,
  pages: Math.max(1, Math.ceil(total / per)),
});

const dashboardAlbumSchema = z.object({
  id: z.string(),
  title: z.string(),
  identifier: z.string(),
  language: z.string(),
  category: z.string().nullable(),
  release_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  has_order: z.boolean(),
  last_order_id: z.string().nullable(),
  owner_email: z.string().nullable(),
  cover_preview_url: z.string().nullable(),
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
        querystring: z.strictObject({ ...pagingQuery, scope: z.enum(ORDER_SCOPES).default('show_all') }),
        response: {
          200: z.object({
            orders: z.array(orderSchema),
            meta: z.object({ counts: z.record(z.enum(ORDER_SCOPES), z.number()) }),
            pagination: paginationSchema,
          }),
          ...errorResponses,
        },
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
        querystring: z.strictObject({ ...pagingQuery, scope: z.enum(ALBUM_SCOPES).default('show_all') }),
        response: {
          200: z.object({
            albums: z.array(dashboardAlbumSchema),
            meta: z.object({ counts: z.record(z.enum(ALBUM_SCOPES), z.number()) }),
            pagination: paginationSchema,
          }),
          ...errorResponses,
        },
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
