import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Order, Pagination } from '../orders/types.ts';
import { apiQuery, type DashboardView } from './dashboardState.ts';

/** A row of GET /albums/dashboard. */
export interface DashboardAlbum {
  id: string;
  title: string;
  identifier: string;
  language: string;
  category: string | null;
  release_date: string | null;
  created_at: string;
  updated_at: string;
  has_order: boolean;
  last_order_id: string | null;
  owner_email: string | null;
  /** SPEC §3: the cover thumbnail. */
  cover_preview_url: string | null;
}

export interface DashboardPage {
  orders?: Order[];
  albums?: DashboardAlbum[];
  meta: { counts: Record<string, number> };
  pagination: Pagination;
}

/** GET /{orders|albums}/dashboard: admin-only lists (SPEC §7). The previous page stays while the next loads. */
export function useDashboard(view: DashboardView) {
  const query = apiQuery(view);
  return useQuery({
    queryKey: ['dashboard', view.tab, query],
    queryFn: ({ signal }) => api.get<DashboardPage>(`/${view.tab}/dashboard?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
