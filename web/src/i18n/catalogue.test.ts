import { describe, expect, it } from 'vitest';
import { catalogues, LANGUAGES } from './catalogues.ts';

/** Every leaf key of a nested catalogue, as dotted paths. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

describe('i18n catalogues', () => {
  const english = new Set(leafKeys(catalogues.en));

  it.each(LANGUAGES)('%s has exactly the keys of en', (lng) => {
    const keys = new Set(leafKeys(catalogues[lng]));
    expect(
      [...english].filter((key) => !keys.has(key)),
      'missing',
    ).toEqual([]);
    expect(
      [...keys].filter((key) => !english.has(key)),
      'extra',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty texts', (lng) => {
    const empty = leaves(catalogues[lng]).filter(
      ([, text]) => typeof text !== 'string' || text.trim() === '',
    );
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(LANGUAGES.filter((lng) => lng !== 'en'))('%s is translated, not a copy of en', (lng) => {
    const english = new Map(leaves(catalogues.en));
    const same = leaves(catalogues[lng]).filter(([key, text]) => english.get(key) === text);
    // Brand names and short words such as "Stickerbook" or "OK" may match; most texts must not.
    expect(same.length / english.size).toBeLessThan(0.15);
  });

  it('uses the German texts of the spec', () => {
    const de = catalogues.de as { errors: { generic: string } };
    expect(de.errors.generic).toBe('Ein Fehler ist aufgetreten. Bitte versuche es erneut.');
  });
});
