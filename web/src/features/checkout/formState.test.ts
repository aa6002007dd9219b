import { describe, expect, it } from 'vitest';
import {
  attemptFor,
  checkoutToKeep,
  defaultCountryFor,
  formForNextOrder,
  initialForm,
  loadCheckout,
  orderBody,
  restoreForm,
  saveCheckout,
} from './formState.ts';

const filled = () => ({
  ...initialForm({ language: 'de', releaseDate: '2027-06-01' }),
  email: ' anna@example.org ',
  firstName: 'Anna',
  lastName: 'Muster',
  address1: 'Hauptstraße 1',
  zipCode: '10115',
  city: 'Berlin',
  organization: 'Hochzeit GmbH',
});

const ALL_SHOWN = { organization: true, vatId: true, buyerReference: true };
const NONE_SHOWN = { organization: false, vatId: false, buyerReference: false };

describe('checkout form state', () => {
  it('defaults the country and area code by language: it IT, fr FR, pl PL, else DE', () => {
    expect(defaultCountryFor('it')).toBe('IT');
    expect(defaultCountryFor('fr-CH')).toBe('FR');
    expect(defaultCountryFor('pl')).toBe('PL');
    expect(defaultCountryFor('en')).toBe('DE');
    expect(initialForm({ language: 'pl' })).toMatchObject({
      countryCode: 'PL',
      areaCode: '+48',
      noAlbums: 50,
    });
  });

  it('sends the phone as area code with 00, a space and the number without leading zeros', () => {
    const body = orderBody('a1', { ...filled(), areaCode: '+49', phone: '0171 234 56' }, ALL_SHOWN);
    expect(body.phone).toBe('0049 17123456');
    expect(body.areaCode).toBe('+49');
  });

  it('sends no phone when none was entered, and trims the other fields', () => {
    const body = orderBody('a1', filled(), ALL_SHOWN);
    expect(body.phone).toBeUndefined();
    expect(body.email).toBe('anna@example.org');
    expect(body).toMatchObject({ album_id: 'a1', printConsent: true, releaseDate: '2027-06-01' });
  });

  it('leaves the organisation out where the category hides it', () => {
    expect(orderBody('a1', filled(), NONE_SHOWN).organization).toBeUndefined();
    expect(orderBody('a1', filled(), ALL_SHOWN).organization).toBe('Hochzeit GmbH');
  });

  it('sends the VAT id and Leitweg-ID trimmed when the form shows them, and never hidden ones', () => {
    const form = { ...filled(), vatId: ' ATU13585627 ', buyerReference: ' 04011000-1234512345-06 ' };
    expect(orderBody('a1', form, ALL_SHOWN)).toMatchObject({
      vatId: 'ATU13585627',
      buyerReference: '04011000-1234512345-06',
    });
    const hidden = orderBody('a1', form, NONE_SHOWN);
    expect([hidden.vatId, hidden.buyerReference]).toEqual([undefined, undefined]);
    expect(orderBody('a1', filled(), ALL_SHOWN).vatId).toBeUndefined();
  });

  it('never sends amounts: the server prices the order', () => {
    const body = orderBody('a1', filled(), ALL_SHOWN) as unknown as Record<string, unknown>;
    expect(Object.keys(body).some((key) => /amount|price|total/i.test(key))).toBe(false);
  });

  it('reuses the idempotency key for the same form and makes a new one when the form changed', () => {
    const body = orderBody('a1', filled(), ALL_SHOWN);
    const first = attemptFor(null, body);
    expect(attemptFor(first, orderBody('a1', filled(), ALL_SHOWN)).key).toBe(first.key);
    const changed = attemptFor(first, orderBody('a1', { ...filled(), city: 'Hamburg' }, ALL_SHOWN));
    expect(changed.key).not.toBe(first.key);
    expect(changed.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps step and form per album across a reload', () => {
    const form = { ...filled(), city: 'Köln' };
    saveCheckout('album-1', { step: 2, form, attempt: null, orderId: null });
    expect(loadCheckout('album-1')).toMatchObject({ step: 2, form: { city: 'Köln' } });
    expect(loadCheckout('album-2')).toBeNull();
  });

  it('does not keep a placed order: the checkout opened later starts at the first step without the voucher', () => {
    const form = {
      ...filled(),
      city: 'Köln',
      voucherCode: 'EINMAL1',
      voucherInput: 'EINMAL1',
      printConsent: true,
    };
    const attempt = { key: 'k1', body: '{}' };
    saveCheckout('album-3', { step: 3, form, attempt, orderId: 'order-1' });
    const later = loadCheckout('album-3');
    expect(later).toMatchObject({ step: 0, orderId: null, attempt: null });
    // The address stays for the next order; the used voucher and the order's consent do not.
    expect(later?.form).toMatchObject({
      city: 'Köln',
      voucherCode: '',
      voucherInput: '',
      printConsent: false,
    });
  });

  it('does not show a thank-you an older page stored, and keeps an unfinished checkout as it was', () => {
    const form = { ...filled(), voucherCode: 'EINMAL1' };
    sessionStorage.setItem(
      'stickerbook.checkout.album-4',
      JSON.stringify({ step: 3, form, attempt: null, orderId: 'order-2' }),
    );
    expect(loadCheckout('album-4')).toMatchObject({ step: 0, orderId: null, form: { voucherCode: '' } });
    const open = { step: 2, form, attempt: null, orderId: null };
    expect(checkoutToKeep(open)).toBe(open);
  });

  it('clears only the voucher and the consent for the next order', () => {
    const form = { ...filled(), voucherCode: 'X1', voucherInput: 'X1', printConsent: true, noAlbums: 80 };
    expect(formForNextOrder(form)).toEqual({
      ...form,
      voucherCode: '',
      voucherInput: '',
      printConsent: false,
    });
  });

  it('fills fields a stored form does not have from the defaults', () => {
    const restored = restoreForm(initialForm({ language: 'en' }), { city: 'Wien' });
    expect(restored.city).toBe('Wien');
    expect(restored.stickerPackagingType).toBe('stickerpack');
  });
});
