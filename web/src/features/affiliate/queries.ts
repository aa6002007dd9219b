import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface MonthlyCounts {
  total_count: number;
  data: Array<{ month: string; count: number }>;
}

/** GET /public/affiliate_conversions (SPEC §3, §7). */
export interface AffiliateConversions {
  name: string;
  album_conversions: MonthlyCounts;
  order_conversions: MonthlyCounts;
  url_source: string;
}

export interface Affiliate {
  id: string;
  name: string;
  url_token: string;
  url_source: string;
  created_at: string;
}

export function useAffiliateConversions(token: string) {
  return useQuery({
    queryKey: ['affiliate-conversions', token],
    queryFn: ({ signal }) =>
      api.get<AffiliateConversions>(`/public/affiliate_conversions?url_token=${encodeURIComponent(token)}`, {
        signal,
      }),
    enabled: token !== '',
    retry: false,
  });
}

export function useAffiliates(enabled: boolean) {
  return useQuery({
    queryKey: ['affiliates'],
    queryFn: ({ signal }) => api.get<{ affiliates: Affiliate[] }>('/affiliates', { signal }),
    enabled,
  });
}

export function useCreateAffiliate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; url_token?: string }) =>
      api.post<{ affiliate: Affiliate }>('/affiliates', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['affiliates'] }),
  });
}
