import type { AlbumDashboardView, OrderDashboardView } from '@stickerbook/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { apiQuery, type DashboardView } from './dashboardState.ts';

/** GET /{orders|albums}/dashboard: admin-only lists (SPEC §7). The previous page stays while the next loads. */
export function useDashboard(view: DashboardView) {
  const query = apiQuery(view);
  return useQuery({
    queryKey: ['dashboard', view.tab, query],
    queryFn: ({ signal }) =>
      api.get<OrderDashboardView | AlbumDashboardView>(`/${view.tab}/dashboard?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
