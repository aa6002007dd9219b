import { describe, expect, it } from 'vitest';
import { catalogues, LANGUAGES } from '../../i18n/catalogues.ts';
import { LEGAL_SECTIONS, type LegalKind } from './LegalPage.tsx';

type Section = { heading: string; body: string };
type LegalCatalogue = Record<LegalKind, { title: string; intro: string; sections: Record<string, Section> }>;
const legalOf = (lng: (typeof LANGUAGES)[number]) =>
  (catalogues[lng] as unknown as { legal: LegalCatalogue }).legal;

describe('legal pages', () => {
  it.each(LANGUAGES)('%s has a heading and a text for every section the pages show', (lng) => {
    const legal = legalOf(lng);
    for (const [kind, sections] of Object.entries(LEGAL_SECTIONS) as Array<[LegalKind, string[]]>) {
      expect(Object.keys(legal[kind].sections), `${lng} ${kind}`).toEqual(sections);
      for (const key of sections) {
        expect(legal[kind].sections[key].heading.length, `${lng} ${kind}.${key}`).toBeGreaterThan(2);
        expect(legal[kind].sections[key].body.length, `${lng} ${kind}.${key}`).toBeGreaterThan(30);
      }
    }
  });

  it.each(LANGUAGES)(
    '%s tells customers that personalised products have no right of withdrawal (§ 312g BGB)',
    (lng) => {
      const legal = legalOf(lng);
      expect(legal['customer-information'].sections.withdrawal.body).toMatch(/§ 312g\b.*2.*1/);
      expect(legal.terms.sections.withdrawal.body).toMatch(/§ 312g/);
    },
  );

  it.each(LANGUAGES)(
    '%s names the operator from configuration, never a company written into the text',
    (lng) => {
      const legal = legalOf(lng);
      expect(legal['customer-information'].sections.seller.body).toContain('{{company}}');
      expect(legal.privacy.sections.controller.body).toContain('{{company}}');
      expect(legal.privacy.sections.controller.body).toContain('{{email}}');
      expect(legal.imprint.sections.responsible.body).toContain('{{representative}}');
    },
  );
});
