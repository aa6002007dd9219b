import type {
  NewVoucherBody,
  PriceChangeBody,
  PriceTablesView,
  VoucherListView,
  VoucherResponseView,
} from '@stickerbook/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export function usePriceTables() {
  return useQuery({
    queryKey: ['admin-prices'],
    queryFn: ({ signal }) => api.get<PriceTablesView>('/admin/prices', { signal }),
  });
}

export function useChangePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PriceChangeBody) => api.patch<PriceTablesView>('/admin/prices', change),
    onSuccess: (tables) => client.setQueryData(['admin-prices'], tables),
  });
}

export function useVouchers() {
  return useQuery({
    queryKey: ['admin-vouchers'],
    queryFn: ({ signal }) => api.get<VoucherListView>('/admin/vouchers', { signal }),
  });
}

export function useCreateVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewVoucherBody) => api.post<VoucherResponseView>('/admin/vouchers', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-vouchers'] }),
  });
}

export function useDeactivateVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<VoucherResponseView>(`/admin/vouchers/${id}/deactivate`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-vouchers'] }),
  });
}
