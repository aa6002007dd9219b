import { describe, expect, it } from 'vitest';
import seedIndex from '../../../../../server/seeds/sticker-templates.index.json';
import { catalogues, LANGUAGES } from '../../../i18n/catalogues.ts';

/** The seeds' list of sticker frame designs, which names them in English. */
const seeded: Array<{ id: number; name: string }> = seedIndex;

describe('sticker template names', () => {
  it.each(LANGUAGES)('names every seeded design in %s', (language) => {
    const names = catalogues[language].stickerTemplates.names as Record<string, string>;
    expect(seeded.filter(({ id }) => !names[id]?.trim()).map(({ id }) => id)).toEqual([]);
  });

  it('keeps the English names of the seeds, and translates them in the other languages', () => {
    const english = catalogues.en.stickerTemplates.names as Record<string, string>;
    for (const { id, name } of seeded) expect(english[id]).toBe(name);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const names = catalogues[language].stickerTemplates.names as Record<string, string>;
      const untranslated = seeded.filter(({ id }) => names[id] === english[id]).map(({ id }) => id);
      expect(untranslated, language).toEqual([]);
    }
  });
});
