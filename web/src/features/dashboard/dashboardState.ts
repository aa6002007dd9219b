/**
 * The dashboard's view as URL query (issue 14: a view can be shared and survives reload): tab, scope, search,
 * sort and page. Anything unknown in the URL falls back to the default instead of failing the page.
 */
import { ALBUM_SCOPES, ORDER_SCOPES } from '@stickerbook/api';

const SORT_FIELDS = ['created_at', 'release_date'] as const;
/** SPEC §9 paging: the dashboard shows 20 per page. */
const DASHBOARD_PER_PAGE = 20;

export type DashboardTab = 'orders' | 'albums';
type SortField = (typeof SORT_FIELDS)[number];
type SortOrder = 'asc' | 'desc';

export interface DashboardView {
  tab: DashboardTab;
  scope: string;
  query: string;
  sortBy: SortField;
  sortOrder: SortOrder;
  page: number;
}

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback;

export function scopesOf(tab: DashboardTab): readonly string[] {
  return tab === 'albums' ? ALBUM_SCOPES : ORDER_SCOPES;
}

export function readView(params: URLSearchParams): DashboardView {
  const tab = oneOf(['orders', 'albums'] as const, params.get('tab'), 'orders');
  const page = Number(params.get('page'));
  return {
    tab,
    scope: oneOf(scopesOf(tab), params.get('scope'), 'show_all'),
    query: (params.get('query') ?? '').slice(0, 200),
    // SPEC §9: default sort created_at desc.
    sortBy: oneOf(SORT_FIELDS, params.get('sort_by'), 'created_at'),
    sortOrder: oneOf(['asc', 'desc'] as const, params.get('sort_order'), 'desc'),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the defaults goes into the URL, so the plain /dashboard stays plain. */
export function writeView(view: DashboardView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'orders') params.set('tab', view.tab);
  if (view.scope !== 'show_all') params.set('scope', view.scope);
  if (view.query) params.set('query', view.query);
  if (view.sortBy !== 'created_at') params.set('sort_by', view.sortBy);
  if (view.sortOrder !== 'desc') params.set('sort_order', view.sortOrder);
  if (view.page !== 1) params.set('page', String(view.page));
  return params;
}

/** The API query of a view: GET /{orders|albums}/dashboard?page&per=20&scope&query&sort_by&sort_order. */
export function apiQuery(view: DashboardView): string {
  const params = new URLSearchParams({
    page: String(view.page),
    per: String(DASHBOARD_PER_PAGE),
    scope: view.scope,
    sort_by: view.sortBy,
    sort_order: view.sortOrder,
  });
  if (view.query.trim()) params.set('query', view.query.trim());
  return params.toString();
}

/** 'DE' → 🇩🇪: two regional-indicator letters make a flag emoji. Languages map to their usual country. */
export function flagOf(countryCode: string | null | undefined): string {
  const code = countryCode?.toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const LANGUAGE_COUNTRIES: Record<string, string> = { de: 'DE', en: 'GB', fr: 'FR', it: 'IT', pl: 'PL' };
export const languageCountry = (language: string | null | undefined): string | undefined =>
  LANGUAGE_COUNTRIES[language?.slice(0, 2).toLowerCase() ?? ''];

/** SPEC §4 status cell tone: a pending date in the past is late (red), one in the current week is due soon. */
export function pendingTone(date: string, now: Date): 'late' | 'thisWeek' | 'later' {
  const due = new Date(date);
  if (due.getTime() < now.getTime()) return 'late';
  const weekStart = new Date(now);
  weekStart.setHours(0, 0, 0, 0);
  weekStart.setDate(weekStart.getDate() - ((weekStart.getDay() + 6) % 7));
  const weekEnd = new Date(weekStart);
  weekEnd.setDate(weekEnd.getDate() + 7);
  return due.getTime() < weekEnd.getTime() ? 'thisWeek' : 'later';
}
