import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../constants.ts';
import { formatPhoneForOrder } from './contact.ts';
import { postcodeError, postcodeExample } from './postcode.ts';

describe('postcodes per delivery country', () => {
  it('accepts each country’s own example', () => {
    for (const country of COUNTRIES)
      expect(postcodeError(postcodeExample(country), country), country).toBeNull();
  });

  it.each([
    ['DE', '1234'],
    ['DE', '123456'],
    ['DE', '1O115'],
    ['AT', '10115'],
    ['CH', '800'],
    ['NL', '1012'],
    ['NL', '0123 AB'],
    ['PL', '00001'.slice(0, 4)],
    ['ES', '53001'],
    ['IE', 'D02'],
    ['RO', '01001'],
    ['CZ', '1100'],
    ['FR', '7500'],
  ])('refuses %s %s', (country, zip) => {
    expect(postcodeError(zip, country)).toBe('ZIP_INVALID');
  });

  it('takes the ways people write them', () => {
    expect(postcodeError('1012ab', 'NL')).toBeNull();
    expect(postcodeError('00001', 'PL')).toBeNull();
    expect(postcodeError('11000', 'CZ')).toBeNull();
    expect(postcodeError('1009', 'LU')).toBeNull();
    expect(postcodeError(' 10115 ', 'DE')).toBeNull();
    expect(postcodeError('d6wxy12', 'IE')).toBeNull();
  });

  it('leaves other countries to the country check', () => {
    expect(postcodeError('SW1A 1AA', 'GB')).toBeNull();
  });
});

describe('the phone number as the order stores it (SPEC §5)', () => {
  it('joins the area code and the number without its leading zero', () => {
    expect(formatPhoneForOrder('+49', '0221 123456')).toBe('0049 221123456');
    expect(formatPhoneForOrder('0049', '0171 2345678')).toBe('0049 1712345678');
  });

  it('keeps an area code the number already has once, however often it is formatted', () => {
    const once = formatPhoneForOrder('+49', '0221 123456');
    expect(formatPhoneForOrder('+49', once)).toBe('0049 221123456');
    expect(formatPhoneForOrder('+49', '0049 221 123456')).toBe('0049 221123456');
    expect(formatPhoneForOrder('+48', '0048 600 100 200')).toBe('0048 600100200');
  });
});
