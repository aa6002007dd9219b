import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { initialForm } from './formState.ts';
import {
  formErrors,
  productErrors,
  quotedVatId,
  ruleMessage,
  serverFieldMessages,
  showsVatId,
} from './rules.ts';
import { catalogues } from '../../i18n/catalogues.ts';

const i18nEn = i18n.createInstance();
await i18nEn.init({ resources: { en: { translation: catalogues.en } }, lng: 'en', showSupportNotice: false });
const t = i18nEn.getFixedT('en');

describe('checkout rules in the form', () => {
  it('needs an event date to leave the product step', () => {
    const form = initialForm({ language: 'en' });
    expect(productErrors(form, { category: 'wedding', featureKeys: [] })).toMatchObject({
      releaseDate: 'RELEASE_DATE_REQUIRED',
    });
    expect(
      productErrors({ ...form, releaseDate: '2999-01-01' }, { category: 'wedding', featureKeys: [] }),
    ).toEqual({});
  });

  it('asks a business album for its company and never a wedding album for an organisation', () => {
    const form = { ...initialForm({ language: 'en' }), organization: 'Left over' };
    expect(
      formErrors({ ...form, organization: '' }, { category: 'business', featureKeys: [] }).organization,
    ).toBe('COMPANY_REQUIRED');
    expect(
      formErrors({ ...form, organization: '' }, { category: 'sports', featureKeys: [] }).organization,
    ).toBe('CLUB_REQUIRED');
    expect(formErrors(form, { category: 'wedding', featureKeys: [] }).organization).toBeUndefined();
  });

  it('asks a company, a club or a named organisation for its VAT id, never a wedding', () => {
    expect(showsVatId('business', '')).toBe(true);
    expect(showsVatId('sports', '')).toBe(true);
    expect(showsVatId('school', '')).toBe(false);
    expect(showsVatId('school', 'Grundschule am See')).toBe(true);
    expect(showsVatId('wedding', 'Hochzeit GmbH')).toBe(false);
  });

  it('checks the VAT id against the delivery country with the model’s rule, and quotes only a valid one', () => {
    const form = { ...initialForm({ language: 'de' }), organization: 'Muster GmbH', countryCode: 'AT' };
    const context = { category: 'business', featureKeys: [] };
    expect(formErrors({ ...form, vatId: 'ATU13585628' }, context).vatId).toBe('VAT_ID_CHECK_DIGIT');
    expect(formErrors({ ...form, vatId: 'ATU13585627' }, context).vatId).toBeUndefined();
    expect(quotedVatId({ ...form, vatId: 'atu 13585627' }, 'business')).toBe('ATU13585627');
    expect(quotedVatId({ ...form, vatId: 'ATU13585628' }, 'business')).toBeUndefined();
    expect(quotedVatId({ ...form, vatId: 'ATU13585627' }, 'wedding')).toBeUndefined();
    // A hidden field is neither checked nor sent.
    expect(
      formErrors({ ...form, vatId: 'nonsense' }, { ...context, category: 'wedding' }).vatId,
    ).toBeUndefined();
    expect(ruleMessage(t, 'vatId', 'VAT_ID_CHECK_DIGIT')).toBe(
      'This VAT id is not valid: its check digit does not match.',
    );
  });

  it('checks the Leitweg-ID’s check digits', () => {
    const form = initialForm({ language: 'de' });
    const context = { category: 'school', featureKeys: [] };
    expect(formErrors({ ...form, buyerReference: '04011000-1234512345-07' }, context).buyerReference).toBe(
      'LEITWEG_ID_CHECK_DIGIT',
    );
    expect(
      formErrors({ ...form, buyerReference: '04011000-1234512345-06' }, context).buyerReference,
    ).toBeUndefined();
  });

  it('turns codes into the field’s own sentence', () => {
    expect(ruleMessage(t, 'city', 'FIELD_REQUIRED')).toBe('Please enter the city.');
    expect(ruleMessage(t, 'quoteName', 'FIELD_TOO_LONG')).toBe('This is too long (at most 100 characters).');
    expect(ruleMessage(t, 'phone', 'PHONE_INVALID')).toBe('Only digits and spaces, please.');
  });

  it('puts the server’s 422 messages beside the form’s fields', () => {
    expect(
      serverFieldMessages({
        fields: [
          { field: 'zipCode', code: 'FIELD_REQUIRED', message: 'PLZ fehlt' },
          { field: 'no_albums', code: 'ALBUM_COUNT_OUT_OF_RANGE', message: 'Zu viele' },
          { field: 'zipCode', code: 'x', message: 'second message is ignored' },
          { field: 'vat_id', code: 'VAT_ID_CHECK_DIGIT', message: 'Prüfziffer' },
        ],
      }),
    ).toEqual({ zipCode: 'PLZ fehlt', noAlbums: 'Zu viele', vatId: 'Prüfziffer' });
    expect(serverFieldMessages(undefined)).toEqual({});
  });
});
