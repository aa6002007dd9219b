import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type {
  CheckoutResponseView,
  CheckoutView,
  OrderFormBody,
  PlacedOrderResponseView,
  PlacedOrderView,
  PreflightEntryView,
} from '@stickerbook/api';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { currencyForLanguage } from '@stickerbook/model';

// Shapes of @stickerbook/api "Checkout and orders". Money is integer minor units; `*_human` is the server's
// formatting in the request's language, and the only money text the browser shows.

export type Checkout = CheckoutView;
export type PreflightEntry = PreflightEntryView;
export type PackagingType = Checkout['packaging_types'][number]['key'];

/** What the quote depends on: the product step's choices and the applied voucher. */
export interface QuoteParams {
  noAlbums?: number;
  packaging?: PackagingType;
  countryCode?: string;
  features?: readonly string[];
  voucherCode?: string;
  /** A VAT id that passed the model's check (rules.ts quotedVatId). */
  vatId?: string;
  /** The event date typed in the product step: the late-delivery warning is judged against it, not the saved one. */
  releaseDate?: string;
}

export function checkoutQueryPath(albumId: string, params: QuoteParams): string {
  const query = new URLSearchParams();
  if (params.noAlbums !== undefined) query.set('no_albums', String(params.noAlbums));
  if (params.packaging) query.set('sticker_packaging_type', params.packaging);
  if (params.countryCode) query.set('country_code', params.countryCode);
  for (const feature of params.features ?? []) query.append('order_features', feature);
  if (params.voucherCode) query.set('voucher_code', params.voucherCode);
  if (params.vatId) query.set('vat_id', params.vatId);
  if (params.releaseDate && /^\d{4}-\d{2}-\d{2}$/.test(params.releaseDate))
    query.set('release_date', params.releaseDate);
  return `/albums/${encodeURIComponent(albumId)}/checkout?${query.toString()}`;
}

const checkoutQueryKey = (albumId: string, params: QuoteParams, language: string) =>
  ['albums', albumId, 'checkout', language, params] as const;

/** How often an open checkout asks for the price again, so a changed price table shows without a reload. */
const QUOTE_REFRESH_MS = 60_000;

/** Quote changes this long after the last edit are sent: a slider drag asks once, not per step. */
const QUOTE_DEBOUNCE_MS = 300;

/**
 * The live quote (SPEC §2 summary), in the album's language: its texts, money format and default country. Debounced; while a new answer is on its way the previous numbers stay
 * (no flicker), and an answer for parameters that are no longer current is never shown: each parameter set
 * is its own cache entry, and react-query aborts the superseded request through `signal`.
 */
export function useCheckoutQuote(albumId: string, params: QuoteParams, language: string) {
  const [debounced] = useDebouncedValue(params, QUOTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: checkoutQueryKey(albumId, debounced, language),
    queryFn: async ({ signal }) =>
      (
        await api.get<CheckoutResponseView>(checkoutQueryPath(albumId, debounced), {
          asGuest: true,
          signal,
          language,
        })
      ).checkout,
    placeholderData: keepPreviousData,
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
    // An open checkout follows price-table changes: asked again when the tab comes back and every minute.
    refetchOnWindowFocus: true,
    refetchInterval: QUOTE_REFRESH_MS,
  });
  // A change still inside the debounce counts as fetching: the numbers shown are not yet for it.
  const settling = JSON.stringify(params) !== JSON.stringify(debounced);
  return { ...query, updating: query.isFetching || settling };
}

/** The starting configuration of an album language's price list: 50 albums to its currency's home country. */
export function startingQuoteParams(albumLanguage: string): QuoteParams {
  return { noAlbums: 50, countryCode: currencyForLanguage(albumLanguage) === 'PLN' ? 'PL' : 'DE' };
}

/**
 * The editor's order-button label: the server's quote for the spec's starting configuration (SPEC §7), 50 albums
 * delivered in the price list's home country (Germany for euro albums, Poland for złoty ones: a Polish album
 * quoted with German shipping said "od 1291,03 zł" instead of the spec's 1241 zł).
 */
export function useStartingQuote(albumId: string, language: string, albumLanguage: string) {
  const params = startingQuoteParams(albumLanguage);
  return useQuery({
    queryKey: checkoutQueryKey(albumId, params, language),
    queryFn: async ({ signal }) =>
      (
        await api.get<CheckoutResponseView>(checkoutQueryPath(albumId, params), {
          asGuest: true,
          signal,
          language,
        })
      ).checkout,
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** POST /orders body (SPEC §3 checkout form, camelCase). */
export type OrderBody = OrderFormBody;

/** The order number (10001) and its name as customers quote it (SB-10001). */
export type PlacedOrder = PlacedOrderView;

export async function placeOrder(
  body: OrderBody,
  idempotencyKey: string,
  language: string,
): Promise<PlacedOrder> {
  const result = await api.post<PlacedOrderResponseView>('/orders', body, {
    asGuest: true,
    language,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return result.order;
}
