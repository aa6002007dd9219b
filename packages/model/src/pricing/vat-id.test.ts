import { describe, expect, it } from 'vitest';
import { checkVatId, normalizeVatId, vatIdPrefixOf } from './vat-id.ts';

// Published examples of real, valid ids (the member states' own samples and the VIES documentation).
const VALID: Array<[country: string, vatId: string]> = [
  ['AT', 'ATU13585627'],
  ['BE', 'BE0428759497'],
  ['DE', 'DE136695976'],
  ['DK', 'DK13585628'],
  ['ES', 'ESA13585625'],
  ['ES', 'ESX2482300W'],
  ['ES', 'ES54362315K'],
  ['FI', 'FI20774740'],
  ['FR', 'FR40303265045'],
  ['GR', 'EL094259216'],
  ['HR', 'HR33392005961'],
  ['IT', 'IT00743110157'],
  ['LU', 'LU15027442'],
  ['NL', 'NL004495445B01'],
  ['NL', 'NL000099998B57'],
  ['PL', 'PL8567346215'],
  ['PT', 'PT501964843'],
  ['SE', 'SE123456789701'],
  ['SI', 'SI50223054'],
  ['SK', 'SK2022749619'],
  ['CH', 'CHE116281710'],
];

// Each valid id with its last digit changed.
const WRONG_CHECK_DIGIT: Array<[country: string, vatId: string]> = [
  ['AT', 'ATU13585628'],
  ['BE', 'BE0428759498'],
  ['DE', 'DE136695977'],
  ['DK', 'DK13585629'],
  ['ES', 'ESA13585626'],
  ['ES', 'ES54362315Z'],
  ['FI', 'FI20774741'],
  ['FR', 'FR41303265045'],
  ['GR', 'EL094259217'],
  ['IT', 'IT00743110158'],
  ['LU', 'LU15027443'],
  ['NL', 'NL004495446B01'],
  ['PL', 'PL8567346216'],
  ['PT', 'PT501964844'],
  ['SE', 'SE123456789801'],
  ['SI', 'SI50223055'],
  ['CH', 'CHE116281711'],
];

describe('checkVatId', () => {
  it.each(VALID)('accepts the valid %s id %s', (country, vatId) => {
    expect(checkVatId(vatId, country)).toEqual({ ok: true, vatId });
  });

  it.each(WRONG_CHECK_DIGIT)('refuses the %s id %s for its check digit', (country, vatId) => {
    expect(checkVatId(vatId, country)).toEqual({ ok: false, error: 'VAT_ID_CHECK_DIGIT' });
  });

  it('accepts ATU13585627 and refuses ATU13585628, the example of the issue', () => {
    expect(checkVatId('ATU13585627', 'AT').ok).toBe(true);
    expect(checkVatId('ATU13585628', 'AT')).toEqual({ ok: false, error: 'VAT_ID_CHECK_DIGIT' });
  });

  it('normalises case, spaces, dots and dashes before checking', () => {
    expect(checkVatId(' atu 135-856.27 ', 'AT')).toEqual({ ok: true, vatId: 'ATU13585627' });
    expect(checkVatId('CHE-116.281.710 MWST', 'CH')).toEqual({ ok: true, vatId: 'CHE116281710' });
    expect(normalizeVatId('de 136 695 976')).toBe('DE136695976');
  });

  it('refuses an id of another country than the delivery country', () => {
    expect(checkVatId('ATU13585627', 'DE')).toEqual({ ok: false, error: 'VAT_ID_COUNTRY_MISMATCH' });
    expect(checkVatId('DE136695976', 'AT')).toEqual({ ok: false, error: 'VAT_ID_COUNTRY_MISMATCH' });
  });

  it('wants EL, not GR, for Greece', () => {
    expect(vatIdPrefixOf('GR')).toBe('EL');
    expect(checkVatId('GR094259216', 'GR')).toEqual({ ok: false, error: 'VAT_ID_INVALID' });
  });

  it('refuses ids of the wrong shape', () => {
    expect(checkVatId('AT13585627', 'AT')).toEqual({ ok: false, error: 'VAT_ID_INVALID' }); // no U
    expect(checkVatId('DE12345678', 'DE')).toEqual({ ok: false, error: 'VAT_ID_INVALID' }); // 8 digits
    expect(checkVatId('NL004495445A01', 'NL')).toEqual({ ok: false, error: 'VAT_ID_INVALID' });
    expect(checkVatId('SE123456789702', 'SE')).toEqual({ ok: false, error: 'VAT_ID_INVALID' }); // not …01
    expect(checkVatId('hello', 'DE')).toEqual({ ok: false, error: 'VAT_ID_INVALID' });
  });

  it('knows no VAT id of a country outside the EU other than Switzerland', () => {
    expect(checkVatId('GB123456789', 'GB')).toEqual({ ok: false, error: 'VAT_ID_COUNTRY_UNSUPPORTED' });
  });

  it('checks the other member states by their format', () => {
    expect(checkVatId('CZ12345678', 'CZ').ok).toBe(true);
    expect(checkVatId('RO1234567', 'RO').ok).toBe(true);
    expect(checkVatId('IE6388047V', 'IE').ok).toBe(true);
    expect(checkVatId('CZ1234567', 'CZ')).toEqual({ ok: false, error: 'VAT_ID_INVALID' });
  });
});
