import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

type Titles = Partial<Record<string, string>>;

/** GET /admin/prices: every price table (amounts in minor units, VAT in basis points). */
export interface PriceTables {
  price_lists: Array<{ id: string; currency: string; languages: string[] }>;
  products: Array<{ key: string; titles: Titles }>;
  product_prices: Array<{
    price_list_id: string;
    product_key: string;
    min_quantity: number;
    unit_amount: number;
  }>;
  shipping_rates: Array<{ price_list_id: string; country_code: string; amount: number }>;
  order_features: Array<{ key: string; per: string; active: boolean; titles: Titles }>;
  order_feature_prices: Array<{ price_list_id: string; feature_key: string; amount: number }>;
  vat_rates: Array<{ country_code: string; basis_points: number }>;
}

export type PriceChange =
  | {
      table: 'product_prices';
      price_list_id: string;
      product_key: string;
      min_quantity: number;
      unit_amount: number;
    }
  | { table: 'shipping_rates'; price_list_id: string; country_code: string; amount: number }
  | { table: 'order_feature_prices'; price_list_id: string; feature_key: string; amount: number }
  | { table: 'vat_rates'; country_code: string; basis_points: number };

export interface AdminVoucher {
  id: string;
  code: string;
  kind: 'fixed' | 'percent';
  value: number;
  currency: string | null;
  minimum_amount: number;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  uses: number;
  active: boolean;
}

export type VoucherInput = Omit<AdminVoucher, 'id' | 'uses' | 'active'>;

export function usePriceTables() {
  return useQuery({
    queryKey: ['admin-prices'],
    queryFn: ({ signal }) => api.get<PriceTables>('/admin/prices', { signal }),
  });
}

export function useChangePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PriceChange) => api.patch<PriceTables>('/admin/prices', change),
    onSuccess: (tables) => client.setQueryData(['admin-prices'], tables),
  });
}

export function useVouchers() {
  return useQuery({
    queryKey: ['admin-vouchers'],
    queryFn: ({ signal }) => api.get<{ vouchers: AdminVoucher[] }>('/admin/vouchers', { signal }),
  });
}

export function useCreateVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VoucherInput) => api.post<{ voucher: AdminVoucher }>('/admin/vouchers', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-vouchers'] }),
  });
}

export function useDeactivateVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ voucher: AdminVoucher }>(`/admin/vouchers/${id}/deactivate`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-vouchers'] }),
  });
}
