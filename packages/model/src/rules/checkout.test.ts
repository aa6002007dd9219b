import { describe, expect, it } from 'vitest';
import { ALBUM_CATEGORIES } from '../constants.ts';
import {
  albumCountError,
  albumCountRange,
  checkoutFormErrors,
  defaultCountryFor,
  formatPhoneNumber,
  organizationFieldFor,
  type CheckoutFormValues,
} from './checkout.ts';

const today = '2026-06-15';
const complete: CheckoutFormValues = {
  organization: 'FC Musterstadt',
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika@example.de',
  phone: '0171 2345678',
  areaCode: '+49',
  address1: 'Hauptstraße 1',
  zipCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  noAlbums: 50,
  comment: '',
  orderFeatures: ['gift_wrapping'],
  stickerPackagingType: 'stickerpack',
  releaseDate: '2026-09-01',
  printConsent: true,
};
const context = { category: 'sports', today, featureKeys: ['gift_wrapping', 'express_production'] };

describe('album count per category', () => {
  it('follows the SPEC ranges at their boundaries', () => {
    const expected = { wedding: 200, business: 700, sports: 200, birthday: 200, school: 200, community: 500 };
    for (const category of ALBUM_CATEGORIES) {
      const { min, max } = albumCountRange(category);
      expect([min, max]).toEqual([10, expected[category]]);
      for (const count of [10, 50, 200, 500, 700]) {
        expect(albumCountError(category, count)).toBe(count <= max ? null : 'ALBUM_COUNT_OUT_OF_RANGE');
      }
      expect(albumCountError(category, 9)).toBe('ALBUM_COUNT_OUT_OF_RANGE');
      expect(albumCountError(category, max + 1)).toBe('ALBUM_COUNT_OUT_OF_RANGE');
    }
    expect(albumCountRange('wedding').default).toBe(50);
    expect(albumCountError('business', 50.5)).toBe('ALBUM_COUNT_OUT_OF_RANGE');
  });
});

describe('checkout form rules', () => {
  it('accepts a complete form', () => {
    expect(checkoutFormErrors(complete, context)).toEqual({});
  });

  it('names every missing required field', () => {
    expect(checkoutFormErrors({}, context)).toEqual({
      organization: 'CLUB_REQUIRED',
      firstName: 'FIELD_REQUIRED',
      lastName: 'FIELD_REQUIRED',
      email: 'EMAIL_REQUIRED',
      address1: 'FIELD_REQUIRED',
      zipCode: 'FIELD_REQUIRED',
      city: 'FIELD_REQUIRED',
      countryCode: 'FIELD_REQUIRED',
      noAlbums: 'ALBUM_COUNT_OUT_OF_RANGE',
      stickerPackagingType: 'PACKAGING_UNKNOWN',
      releaseDate: 'RELEASE_DATE_REQUIRED',
      printConsent: 'PRINT_CONSENT_REQUIRED',
    });
  });

  it('asks a business for its company, a sports club for the club and ignores the organisation of a wedding', () => {
    const values = { ...complete, organization: ' ' };
    expect(checkoutFormErrors(values, { ...context, category: 'business' }).organization).toBe(
      'COMPANY_REQUIRED',
    );
    expect(checkoutFormErrors(values, context).organization).toBe('CLUB_REQUIRED');
    expect(
      checkoutFormErrors({ ...complete, organization: 'x'.repeat(500) }, { ...context, category: 'wedding' }),
    ).toEqual({});
    expect(organizationFieldFor('wedding')).toBe('hidden');
    expect(organizationFieldFor('school')).toBe('optional');
  });

  it('checks e-mail, phone, area code, comment, country, packaging and features', () => {
    const errors = checkoutFormErrors(
      {
        ...complete,
        email: 'erika.example.de',
        phone: '+49 171',
        areaCode: '49a',
        comment: 'x'.repeat(1001),
        countryCode: 'US',
        stickerPackagingType: 'crate',
        orderFeatures: ['unicorn'],
      },
      context,
    );
    expect(errors).toEqual({
      email: 'EMAIL_INVALID',
      phone: 'PHONE_INVALID',
      areaCode: 'AREA_CODE_INVALID',
      comment: 'COMMENT_TOO_LONG',
      countryCode: 'COUNTRY_NOT_SUPPORTED',
      stickerPackagingType: 'PACKAGING_UNKNOWN',
      orderFeatures: 'FEATURE_UNKNOWN',
    });
    expect(checkoutFormErrors({ ...complete, phone: '1'.repeat(21) }, context).phone).toBe('PHONE_TOO_LONG');
    expect(checkoutFormErrors({ ...complete, comment: 'x'.repeat(1000) }, context)).toEqual({});
  });

  it('refuses a release date in the past but takes today', () => {
    expect(checkoutFormErrors({ ...complete, releaseDate: '2026-06-14' }, context).releaseDate).toBe(
      'RELEASE_DATE_IN_PAST',
    );
    expect(checkoutFormErrors({ ...complete, releaseDate: '2026-02-30' }, context).releaseDate).toBe(
      'RELEASE_DATE_INVALID',
    );
    expect(checkoutFormErrors({ ...complete, releaseDate: today }, context)).toEqual({});
  });
});

describe('phone number and country defaults', () => {
  it('sends the area code with 00 for +, a space and the number without leading zeros', () => {
    expect(formatPhoneNumber('+49', '0171 234 567')).toBe('0049 171234567');
    expect(formatPhoneNumber('0048', '600 100 200')).toBe('0048 600100200');
  });

  it('picks the default country by language', () => {
    expect(['de', 'en', 'fr', 'it', 'pl'].map(defaultCountryFor)).toEqual(['DE', 'DE', 'FR', 'IT', 'PL']);
  });
});

describe('the buyer’s VAT id and Leitweg-ID', () => {
  const austrian = { ...complete, countryCode: 'AT', zipCode: '1010', organization: 'Muster GmbH' };

  it('accepts both optional fields empty, and valid ones', () => {
    expect(checkoutFormErrors({ ...austrian, vatId: '', buyerReference: '' }, context)).toEqual({});
    expect(
      checkoutFormErrors(
        { ...austrian, vatId: 'ATU 135 856 27', buyerReference: '04011000-1234512345-06' },
        context,
      ),
    ).toEqual({});
  });

  it('names the VAT id for a wrong check digit or another country’s id', () => {
    expect(checkoutFormErrors({ ...austrian, vatId: 'ATU13585628' }, context)).toEqual({
      vatId: 'VAT_ID_CHECK_DIGIT',
    });
    expect(checkoutFormErrors({ ...austrian, vatId: 'DE136695976' }, context)).toEqual({
      vatId: 'VAT_ID_COUNTRY_MISMATCH',
    });
  });

  it('wants the organisation’s name with a VAT id', () => {
    const values = { ...austrian, organization: '', vatId: 'ATU13585627' };
    expect(checkoutFormErrors(values, { ...context, category: 'school' })).toEqual({
      vatId: 'VAT_ID_NEEDS_ORGANIZATION',
    });
  });

  it('names the Leitweg-ID for wrong check digits or shape', () => {
    expect(checkoutFormErrors({ ...complete, buyerReference: '04011000-1234512345-07' }, context)).toEqual({
      buyerReference: 'LEITWEG_ID_CHECK_DIGIT',
    });
    expect(checkoutFormErrors({ ...complete, buyerReference: 'Schule Nord' }, context)).toEqual({
      buyerReference: 'LEITWEG_ID_INVALID',
    });
  });

  it('ignores both for weddings, which have no organisation', () => {
    const values = { ...complete, vatId: 'nonsense', buyerReference: 'nonsense' };
    expect(checkoutFormErrors(values, { ...context, category: 'wedding' })).toEqual({});
  });
});
