import { API_ERROR_CODES } from '@stickerbook/api';
import { describe, expect, it } from 'vitest';
import { catalogues, LANGUAGES } from './catalogues.ts';

/**
 * Every code of the API's one list (packages/api errors.ts) has its text in every language, so no answer of the
 * server ends as "something went wrong" for want of a translation.
 */
describe('error code texts', () => {
  it.each(LANGUAGES)('%s has a text for every API error code', (lng) => {
    const texts = catalogues[lng].errors.codes as Record<string, string | undefined>;
    const missing = API_ERROR_CODES.filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });
});
