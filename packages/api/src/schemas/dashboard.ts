/**
 * The admin dashboard's two lists (SPEC §2 Dashboard, §7 GET /{orders|albums}/dashboard): scopes with their counts,
 * search, sort (§9: release_date or created_at, default created_at desc) and pages of 20.
 */
import { DASHBOARD_DEFAULT_SORT, DASHBOARD_SORT_FIELDS, PAGE_SIZES } from '@stickerbook/model';
import { z } from 'zod';
import { orderSchema } from './orders.ts';

export const ORDER_SCOPES = [
  'show_all',
  'pending_review',
  'pending_transfer',
  'pending_shipment',
  'shipped',
] as const;
export const ALBUM_SCOPES = ['show_all', 'updated_today', 'with_order'] as const;

const pagingQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.dashboard),
  query: z.string().max(200).optional(),
  sort_by: z.enum(DASHBOARD_SORT_FIELDS).default(DASHBOARD_DEFAULT_SORT.field),
  sort_order: z.enum(['asc', 'desc']).default(DASHBOARD_DEFAULT_SORT.order),
};

/** GET /orders/dashboard?page&per&scope&query&sort_by&sort_order. */
export const orderDashboardQuerySchema = z.strictObject({
  ...pagingQuery,
  scope: z.enum(ORDER_SCOPES).default('show_all'),
});

/** GET /albums/dashboard?page&per&scope&query&sort_by&sort_order. */
export const albumDashboardQuerySchema = z.strictObject({
  ...pagingQuery,
  scope: z.enum(ALBUM_SCOPES).default('show_all'),
});

/** `pages` is at least 1, so an empty list still has its one (empty) page. */
const paginationSchema = z.object({
  page: z.number(),
  per: z.number(),
  total: z.number(),
  pages: z.number(),
});

/** A row of the albums list. */
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
  /** SPEC §3: the cover thumbnail. */
  cover_preview_url: z.string().nullable(),
});

/** GET /orders/dashboard: a page of orders as staff read them, and how many orders each scope holds. */
export const orderDashboardSchema = z.object({
  orders: z.array(orderSchema),
  meta: z.object({ counts: z.record(z.enum(ORDER_SCOPES), z.number()) }),
  pagination: paginationSchema,
});

/** GET /albums/dashboard: a page of albums, and how many albums each scope holds. */
export const albumDashboardSchema = z.object({
  albums: z.array(dashboardAlbumSchema),
  meta: z.object({ counts: z.record(z.enum(ALBUM_SCOPES), z.number()) }),
  pagination: paginationSchema,
});

export type OrderDashboardView = z.infer<typeof orderDashboardSchema>;
export type AlbumDashboardView = z.infer<typeof albumDashboardSchema>;
export type DashboardAlbumView = AlbumDashboardView['albums'][number];
