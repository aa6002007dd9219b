import { describe, expect, it } from 'vitest';
import { checkoutQueryPath, startingQuoteParams } from './api.ts';

describe('the quote request', () => {
  it('sends the event date typed in the product step, so the late-delivery warning is judged against it', () => {
    const path = checkoutQueryPath('album-1', { noAlbums: 50, countryCode: 'DE', releaseDate: '2027-01-15' });
    expect(new URL(path, 'http://x').searchParams.get('release_date')).toBe('2027-01-15');
  });

  it('leaves out a date the field has not finished (the server would refuse the whole quote)', () => {
    const path = checkoutQueryPath('album-1', { noAlbums: 50, releaseDate: '2027-01' });
    expect(new URL(path, 'http://x').searchParams.has('release_date')).toBe(false);
  });
});

describe('the editor’s starting price', () => {
  it('is quoted for the price list’s home country: Poland for a Polish album, Germany otherwise', () => {
    expect(startingQuoteParams('pl')).toEqual({ noAlbums: 50, countryCode: 'PL' });
    for (const language of ['de', 'en', 'fr', 'it'])
      expect(startingQuoteParams(language)).toEqual({ noAlbums: 50, countryCode: 'DE' });
  });
});
