import type {
  AffiliateConversionsView,
  AffiliateListView,
  AffiliateResponseView,
  NewAffiliateBody,
} from '@stickerbook/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** GET /public/affiliate_conversions (SPEC §3, §7). */
export function useAffiliateConversions(token: string) {
  return useQuery({
    queryKey: ['affiliate-conversions', token],
    queryFn: ({ signal }) =>
      api.get<AffiliateConversionsView>(
        `/public/affiliate_conversions?url_token=${encodeURIComponent(token)}`,
        { signal },
      ),
    enabled: token !== '',
    retry: false,
  });
}

export function useAffiliates(enabled: boolean) {
  return useQuery({
    queryKey: ['affiliates'],
    queryFn: ({ signal }) => api.get<AffiliateListView>('/affiliates', { signal }),
    enabled,
  });
}

export function useCreateAffiliate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewAffiliateBody) => api.post<AffiliateResponseView>('/affiliates', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['affiliates'] }),
  });
}
