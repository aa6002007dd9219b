import { describe, expect, it } from 'vitest';
import {
  dayPattern,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  isPastDay,
  parseDay,
} from './format.ts';

describe('dates in the user’s language', () => {
  const moment = '2026-11-25T14:30:00Z';

  it('writes a German user’s dates the German way, not the browser’s US way', () => {
    expect(formatDate(moment, 'de')).toBe('25. Nov. 2026');
    expect(formatDateTime(moment, 'de')).toMatch(/^25\.11\.26, \d{2}:30$/);
    expect(formatDateTime(moment, 'pl')).toMatch(/^25\.11\.2026, \d{2}:30$/);
    expect(formatDateTime(moment, 'en')).toMatch(/^11\/25\/26, \d{1,2}:30\s?[AP]M$/);
  });

  it('writes nothing for a missing or broken date', () => {
    expect(formatDateTime(null, 'de')).toBe('');
    expect(formatDateTime('not a date', 'de')).toBe('');
  });
});

describe('date formatting in the app', () => {
  it('goes through these helpers, so no screen shows the browser locale’s dates', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.tsx?$/.test(file),
    );
    const offenders = files
      .filter((file) => !/\.test\.tsx?$/.test(file) && file !== join('ui', 'format.ts'))
      .filter((file) =>
        /toLocale(Date|Time)?String\(|Intl\.DateTimeFormat/.test(readFileSync(join(root, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});

describe('a release date in the past', () => {
  const today = new Date(2026, 10, 25, 23, 30);

  it('is recognised by the user’s own calendar day, so the forms can warn about it', () => {
    expect(isPastDay('2026-11-24', today)).toBe(true);
    expect(isPastDay('2025-11-25', today)).toBe(true);
    expect(isPastDay('2026-11-25', today)).toBe(false);
    expect(isPastDay('2027-06-01', today)).toBe(false);
    expect(isPastDay('', today)).toBe(false);
  });
});

describe('days as each language writes them', () => {
  it.each([
    ['de', '15.05.2027'],
    ['pl', '15.05.2027'],
    ['fr', '15/05/2027'],
    ['it', '15/05/2027'],
    ['en', '05/15/2027'],
  ])('writes 2027-05-15 in %s as %s and reads it back', (language, written) => {
    expect(formatDay('2027-05-15', language)).toBe(written);
    expect(parseDay(written, language)).toBe('2027-05-15');
  });

  it('gives the date field its dayjs pattern', () => {
    expect(dayPattern('de').format).toBe('DD.MM.YYYY');
    expect(dayPattern('fr').format).toBe('DD/MM/YYYY');
    expect(dayPattern('en').format).toBe('MM/DD/YYYY');
  });

  it('reads single digits, other separators and two-digit years', () => {
    expect(parseDay('1.2.2028', 'de')).toBe('2028-02-01');
    expect(parseDay('01 02 28', 'fr')).toBe('2028-02-01');
    expect(parseDay('2/1/2028', 'en')).toBe('2028-02-01');
  });

  it('refuses what is not a real day', () => {
    for (const text of ['', '15.05', '31.02.2027', '15.13.2027', '15.05.202', 'morgen', '2027-05-15x1'])
      expect(parseDay(text, 'de'), text).toBeNull();
    expect(formatDay('', 'de')).toBe('');
    expect(formatDay('15.05.2027', 'de')).toBe('');
  });
});

describe('money in the user’s language', () => {
  it('writes minor units in the currency’s format, whole units for a starting price', () => {
    expect(formatMoney(28501, 'EUR', 'de').replace(/\s/g, ' ')).toBe('285,01 €');
    expect(formatMoney(28501, 'EUR', 'de', { whole: true }).replace(/\s/g, ' ')).toBe('285 €');
    expect(formatMoney(124100, 'PLN', 'pl', { whole: true }).replace(/\s/g, ' ')).toBe('1241 zł');
  });
});
