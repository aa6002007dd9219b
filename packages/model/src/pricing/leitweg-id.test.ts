import { describe, expect, it } from 'vitest';
import { checkLeitwegId } from './leitweg-id.ts';

describe('checkLeitwegId', () => {
  it('accepts the KoSIT example 04011000-1234512345-06', () => {
    expect(checkLeitwegId('04011000-1234512345-06')).toEqual({
      ok: true,
      leitwegId: '04011000-1234512345-06',
    });
  });

  it('accepts an id without fine address, and letters in the fine address in either case', () => {
    expect(checkLeitwegId('991-33333TEST-33').ok).toBe(true);
    expect(checkLeitwegId('991-33333test-33')).toEqual({ ok: true, leitwegId: '991-33333TEST-33' });
    expect(checkLeitwegId('05315000-55')).toEqual({ ok: true, leitwegId: '05315000-55' });
  });

  it('refuses wrong check digits', () => {
    expect(checkLeitwegId('04011000-1234512345-07')).toEqual({ ok: false, error: 'LEITWEG_ID_CHECK_DIGIT' });
    expect(checkLeitwegId('991-33333TEST-34')).toEqual({ ok: false, error: 'LEITWEG_ID_CHECK_DIGIT' });
  });

  it('refuses what is not coarse address, fine address and check digits', () => {
    for (const bad of [
      '',
      '04011000',
      '0-1234-06', // coarse address of one digit
      '1234567890123-06', // thirteen digits
      '04011000-1234512345-6', // one check digit
      '04011000_1234512345_06',
      `04011000-${'A'.repeat(31)}-06`,
      '04011000--06',
    ])
      expect(checkLeitwegId(bad)).toEqual({ ok: false, error: 'LEITWEG_ID_INVALID' });
  });
});
