import type { OrderResponseView, ReviewFeedbackBody } from '@stickerbook/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';
import type { OrderList } from './types.ts';

/** SPEC §9 paging: the orders list shows 25 per page, the profile the 3 latest. */
export const ORDERS_PER_PAGE = 25;

export const orderQueryKeys = {
  all: ['orders'] as const,
  list: (page: number, per: number) => ['orders', 'list', page, per] as const,
  one: (id: string) => ['orders', 'one', id] as const,
};

/** GET /orders?page&per: the user's own orders, newest first. */
export function useOrders(page: number, per = ORDERS_PER_PAGE) {
  return useQuery({
    queryKey: orderQueryKeys.list(page, per),
    queryFn: ({ signal }) => api.get<OrderList>(`/orders?page=${page}&per=${per}`, { signal }),
    // Paging keeps the previous page on screen until the next one is there.
    placeholderData: keepPreviousData,
  });
}

/** The profile's latest orders: the first page with `per` orders. */
export function useLatestOrders(per: number) {
  return useQuery({
    queryKey: orderQueryKeys.list(1, per),
    queryFn: ({ signal }) => api.get<OrderList>(`/orders?page=1&per=${per}`, { signal }),
    select: (list) => list.orders,
  });
}

/** GET /orders/:id: the order's user or an admin; everyone else 404. */
export function useOrder(id: string) {
  return useQuery({
    queryKey: orderQueryKeys.one(id),
    queryFn: ({ signal }) => api.get<OrderResponseView>(`/orders/${encodeURIComponent(id)}`, { signal }),
    select: (answer) => answer.order,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}

export type ReviewAction = 'print_approval' | 'submit_review';

/**
 * SPEC §4 Album lock: print approval locks the album, feedback (a message) unlocks it. The answer is the order;
 * the album's `locked` follows in the cache at once (the realtime event tells the other editors).
 */
export function useReviewAction(orderId: string | null | undefined, albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, message }: { action: ReviewAction; message?: string }) =>
      api.post<OrderResponseView>(
        `/orders/${encodeURIComponent(orderId ?? '')}/${action}`,
        action === 'submit_review' ? ({ message } satisfies ReviewFeedbackBody) : undefined,
      ),
    onSuccess: ({ order }) => {
      client.setQueryData(orderQueryKeys.one(order.id), { order });
      client.setQueryData<Album>(queryKeys.album(albumId), (album) =>
        album ? { ...album, locked: order.album.locked } : album,
      );
      void client.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}
