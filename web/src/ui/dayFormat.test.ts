import { describe, expect, it } from 'vitest';
import { dayPattern, formatDay, parseDay } from './dayFormat.ts';

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
