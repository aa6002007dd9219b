/**
 * Stock search rules (SPEC §5 "Stock search: 3+ characters, debounced 750 ms", §9 "stock 16" per page, §7
 * "locale de-DE") and the environment's default query (SPEC §1 environments).
 */
import type { FeaturesView } from '@stickerbook/api';
import { STOCK_PER_PAGE, STOCK_SEARCH_DEBOUNCE_MS, STOCK_SEARCH_MIN_CHARS } from '@stickerbook/model';

export { STOCK_PER_PAGE, STOCK_SEARCH_DEBOUNCE_MS, STOCK_SEARCH_MIN_CHARS };

/** The SPEC §1 environment this deployment runs as (GET /features). */
export type SiteEnvironment = FeaturesView['environment'];

/** Pexels locale for an album language; unknown or missing languages search in English. */
const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-US', fr: 'fr-FR', it: 'it-IT', pl: 'pl-PL' };

export function stockLocaleFor(language: string | null | undefined): string {
  return LOCALES[(language ?? '').slice(0, 2).toLowerCase()] ?? 'en-US';
}

/**
 * The query the stock tab starts with, in the album's language. Kept here rather than in the UI catalogues
 * because it follows the album's language, which need not be the loaded UI language, and is search input, not UI.
 */
const DEFAULT_QUERIES: Record<SiteEnvironment, Record<string, string>> = {
  default: { de: 'Feier', en: 'celebration', fr: 'fête', it: 'festa', pl: 'uroczystość' },
  business: {
    de: 'Büro Team',
    en: 'office team',
    fr: 'équipe bureau',
    it: 'team ufficio',
    pl: 'zespół biuro',
  },
  sports: { de: 'Fußball', en: 'football', fr: 'football', it: 'calcio', pl: 'piłka nożna' },
};

export function defaultStockQuery(environment: SiteEnvironment, language: string | null | undefined): string {
  const queries = DEFAULT_QUERIES[environment] ?? DEFAULT_QUERIES.default;
  return queries[(language ?? '').slice(0, 2).toLowerCase()] ?? queries.en;
}

/** The text to search for, or null while it is shorter than the minimum (the panel then shows a hint). */
export function searchableQuery(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length >= STOCK_SEARCH_MIN_CHARS ? trimmed : null;
}
