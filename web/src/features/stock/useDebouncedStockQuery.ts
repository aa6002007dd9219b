import { useEffect, useState } from 'react';
import { searchableQuery, STOCK_SEARCH_DEBOUNCE_MS } from './stockQuery.ts';

/**
 * The query the search runs with: the typed text once it has rested for 750 ms and has at least 3 characters
 * (SPEC §5); null while it is too short. The first value (the pre-filled default query) applies at once.
 */
export function useDebouncedStockQuery(text: string, delayMs = STOCK_SEARCH_DEBOUNCE_MS): string | null {
  const [query, setQuery] = useState(() => searchableQuery(text));
  useEffect(() => {
    const next = searchableQuery(text);
    if (next === null) {
      // Too short: stop showing results for the old text right away.
      setQuery(null);
      return;
    }
    const timer = setTimeout(() => setQuery(next), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return query;
}
