import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { initialForm } from './formState.ts';
import { formErrors, productErrors, ruleMessage, serverFieldMessages } from './rules.ts';
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
        ],
      }),
    ).toEqual({ zipCode: 'PLZ fehlt', noAlbums: 'Zu viele' });
    expect(serverFieldMessages(undefined)).toEqual({});
  });
});
