import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { API_BASE, freshSession } from '../../api/client.ts';
import { ApiError, NETWORK_ERROR, errorFromResponse } from '../../api/errors.ts';
import i18n from 'i18next';
import { currencyForLanguage, type PreflightCode } from '@stickerbook/model';

// Shapes of docs/api-contract.md "Checkout and orders". Money is integer minor units; `*_human` is the
// server's formatting in the request's language, and the only money text the browser shows.

export type PackagingType = 'stickerpack' | 'stickerbox_single_variety';
type VoucherStatus = 'valid' | 'invalid' | 'inactive' | 'taken' | 'below_minimum_amount';

export interface PreflightEntry {
  code: PreflightCode | string;
  message: string;
  spread_id?: string;
  element_id?: string;
  sticker_id?: string;
  section_id?: string;
  /** SPREADS_MISSING_FOR_BINDING: how many spreads to add. */
  count?: number;
}

interface CheckoutLineItem {
  product: string;
  title: string;
  description: string | null;
  quantity: number;
  unit_amount: number;
  amount: number;
  amount_gross: number;
  amount_human: string;
  amount_gross_human: string;
}

interface CheckoutFeature {
  key: string;
  title: string;
  description: string | null;
  amount: number;
  amount_human: string;
}

export interface Checkout {
  errors: PreflightEntry[];
  album: {
    id: string;
    title: string;
    release_date: string | null;
    language: string;
    category: string | null;
    cover_preview_url: string | null;
  };
  blueprint_category: string | null;
  no_albums_range: { min: number; max: number; default: number };
  countries: string[];
  default_country_code: string;
  packaging_types: Array<{ key: PackagingType; title: string; description: string | null }>;
  available_features: CheckoutFeature[];
  currency: string;
  line_items: CheckoutLineItem[];
  shipping: { amount: number; amount_human: string };
  amount: number;
  amount_gross: number;
  tax_value: number;
  amount_human: string;
  amount_gross_human: string;
  tax_value_human: string;
  /** Issue 21 §4: the table's rate, reverse charge (0 %) or export (0 %), decided by country and VAT id. */
  tax_treatment: 'standard' | 'reverse_charge' | 'export';
  vat_basis_points: number;
  /** How the customer pays, stated before the order is placed; `due_days` null = on receipt of the invoice. */
  payment: { method: 'invoice_bank_transfer' | 'stripe_hosted_invoice'; due_days: number | null };
  voucher: null | {
    code: string;
    status: VoucherStatus;
    error_message: string | null;
    discount: number;
    discount_human: string;
  };
  estimated_delivery_date: string;
  delivery_warning: boolean;
}

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

/**
 * The one request function of checkout: the app's session handling (guest token, refresh) plus headers the
 * shared client does not send (the order's `Idempotency-Key`).
 */
async function checkoutRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; language?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const session = await freshSession(true);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': options.language ?? i18n.language ?? 'en',
    ...options.headers,
  };
  if (session.kind !== 'none') headers.Authorization = `Bearer ${session.accessToken}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(API_BASE + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(NETWORK_ERROR, 0, String(cause));
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
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
        await checkoutRequest<{ checkout: Checkout }>('GET', checkoutQueryPath(albumId, debounced), {
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
        await checkoutRequest<{ checkout: Checkout }>('GET', checkoutQueryPath(albumId, params), {
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
export interface OrderBody {
  album_id: string;
  organization?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  areaCode?: string;
  address1: string;
  address2?: string;
  zipCode: string;
  city: string;
  countryCode: string;
  noAlbums: number;
  comment?: string;
  orderFeatures: string[];
  voucherCode?: string;
  quoteName?: string;
  stickerPackagingType: PackagingType;
  releaseDate: string;
  vatId?: string;
  buyerReference?: string;
  printConsent: true;
  /** The total the order button shows; the server refuses another price with 409 PRICE_CHANGED. */
  expected_amount_gross?: number;
}

export interface PlacedOrder {
  id: string;
  /** The order number (10001) and its name as customers quote it (SB-10001). */
  number: number;
  name: string;
  amount: number;
  amount_gross: number;
  currency: string;
  album: { id: string; release_date: string | null };
}

export async function placeOrder(
  body: OrderBody,
  idempotencyKey: string,
  language: string,
): Promise<PlacedOrder> {
  const result = await checkoutRequest<{ order: PlacedOrder }>('POST', '/orders', {
    body,
    language,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return result.order;
}
