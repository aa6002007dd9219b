import { describe, expect, it } from 'vitest';
import { apiQuery, flagOf, languageCountry, pendingTone, readView, writeView } from './dashboardState.ts';

describe('dashboard view in the URL', () => {
  it('reads the defaults from a plain /dashboard: orders, show_all, created_at desc, page 1', () => {
    expect(readView(new URLSearchParams())).toEqual({
      tab: 'orders',
      scope: 'show_all',
      query: '',
      sortBy: 'created_at',
      sortOrder: 'desc',
      page: 1,
    });
  });

  it('round-trips a shared view and keeps only what differs from the defaults', () => {
    const params = new URLSearchParams(
      'tab=albums&scope=with_order&query=Sommer&sort_by=release_date&sort_order=asc&page=3',
    );
    const view = readView(params);
    expect(writeView(view).toString()).toBe(params.toString());
    expect(writeView(readView(new URLSearchParams())).toString()).toBe('');
  });

  it('falls back to defaults for unknown scopes, sorts and pages', () => {
    const view = readView(new URLSearchParams('tab=albums&scope=pending_review&sort_by=price&page=-2'));
    expect(view).toMatchObject({ tab: 'albums', scope: 'show_all', sortBy: 'created_at', page: 1 });
  });

  it('asks the API for 20 per page with the trimmed search', () => {
    const view = readView(new URLSearchParams('scope=shipped&query=%20Erika%20&page=2'));
    expect(new URLSearchParams(apiQuery(view)).get('per')).toBe('20');
    expect(new URLSearchParams(apiQuery(view)).get('query')).toBe('Erika');
    expect(new URLSearchParams(apiQuery(view)).get('scope')).toBe('shipped');
  });
});

describe('flags and status tones', () => {
  it('turns country and language codes into flag emoji', () => {
    expect(flagOf('DE')).toBe('🇩🇪');
    expect(flagOf('x')).toBe('');
    expect(flagOf(languageCountry('pl'))).toBe('🇵🇱');
    expect(languageCountry('en')).toBe('GB');
  });

  it('marks a pending date as late when past and as this week when before next Monday', () => {
    const wednesday = new Date(2026, 10, 25, 12);
    expect(pendingTone(new Date(2026, 10, 24).toISOString(), wednesday)).toBe('late');
    expect(pendingTone(new Date(2026, 10, 29, 20).toISOString(), wednesday)).toBe('thisWeek');
    expect(pendingTone(new Date(2026, 10, 30, 9).toISOString(), wednesday)).toBe('later');
  });
});
