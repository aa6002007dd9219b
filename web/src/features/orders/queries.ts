import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface OrderSummary {
  id: string;
  name: string;
  created_at: string;
  status_message?: string | null;
  album?: { title?: string } | null;
}

/** SPEC §7 GET /orders?page&per. Until the orders API lands, a failure reads as "no orders yet". */
export function useLatestOrders(per: number) {
  return useQuery({
    queryKey: ['orders', 'latest', per],
    queryFn: async () => {
      try {
        const result = await api.get<{ orders?: OrderSummary[] } | OrderSummary[]>(
          `/orders?page=1&per=${per}`,
        );
        return (Array.isArray(result) ? result : (result.orders ?? [])).slice(0, per);
      } catch {
        return [];
      }
    },
    retry: false,
  });
}
