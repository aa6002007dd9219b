import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/catalogues.ts';
import { environmentTexts } from './index.ts';

async function translator(language: 'en' | 'de') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: catalogues[language] } } });
  return instance.t;
}

describe('SPEC §1 environments', () => {
  it('change the sample sticker name and position and what the organisation is called', async () => {
    const t = await translator('en');
    const [standard, business, sports] = (['default', 'business', 'sports'] as const).map((env) =>
      environmentTexts(env, t),
    );
    expect(standard.organizationLabel).toBe('Organization name');
    expect(business.organizationLabel).toBe('Company name');
    expect(sports.organizationLabel).toBe('Club name');
    expect(new Set([standard.samplePosition, business.samplePosition, sports.samplePosition]).size).toBe(3);
    expect(new Set([standard.sampleName, business.sampleName, sports.sampleName]).size).toBe(3);
    for (const texts of [standard, business, sports])
      expect(texts.sampleName).not.toContain('siteEnvironment');
  });

  it('speak the UI language', async () => {
    const t = await translator('de');
    expect(environmentTexts('sports', t)).toEqual({
      sampleName: 'Leon Wagner',
      samplePosition: 'Torwart',
      organizationLabel: 'Name des Vereins',
    });
  });
});
