import { describe, expect, it } from 'vitest';
import { defaultStockQuery, searchableQuery, stockLocaleFor } from './stockQuery.ts';

describe('stock search rules', () => {
  it('searches only from 3 characters on, ignoring surrounding and repeated spaces', () => {
    expect(searchableQuery('')).toBeNull();
    expect(searchableQuery('ab')).toBeNull();
    expect(searchableQuery('  ab  ')).toBeNull();
    expect(searchableQuery('abc')).toBe('abc');
    expect(searchableQuery('  office   team ')).toBe('office team');
  });

  it('asks Pexels in the album language: de-DE, en-US, fr-FR, it-IT, pl-PL, English otherwise', () => {
    expect(['de', 'en', 'fr', 'it', 'pl'].map(stockLocaleFor)).toEqual([
      'de-DE',
      'en-US',
      'fr-FR',
      'it-IT',
      'pl-PL',
    ]);
    expect(stockLocaleFor('de-AT')).toBe('de-DE');
    expect(stockLocaleFor(null)).toBe('en-US');
    expect(stockLocaleFor('es')).toBe('en-US');
  });

  it("pre-fills the environment's default query in the album language", () => {
    expect(defaultStockQuery('default', 'en')).toBe('celebration');
    expect(defaultStockQuery('business', 'en')).toBe('office team');
    expect(defaultStockQuery('sports', 'en')).toBe('football');
    expect(defaultStockQuery('sports', 'de')).toBe('Fußball');
    expect(defaultStockQuery('default', 'es')).toBe('celebration');
    for (const environment of ['default', 'business', 'sports'] as const) {
      for (const language of ['de', 'en', 'fr', 'it', 'pl']) {
        expect(searchableQuery(defaultStockQuery(environment, language))).not.toBeNull();
      }
    }
  });
});
