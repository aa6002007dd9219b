import { describe, expect, it } from 'vitest';
import { albumTitleError } from './album.ts';
import { emailError, formatPhoneForOrder, phoneError } from './contact.ts';
import { organizationErrors } from './organization.ts';
import { sectionNameError } from './section.ts';
import { stickerErrors } from './sticker.ts';
import { grossFromNetCents, startingPrice } from '../pricing/index.ts';

describe('validation rules', () => {
  it('needs an album title', () => {
    expect(albumTitleError('  ')).toBe('ALBUM_TITLE_REQUIRED');
    expect(albumTitleError('Titel des Albums')).toBeNull();
  });

  it('needs a section name of at most 50 characters', () => {
    expect(sectionNameError('')).toBe('SECTION_NAME_REQUIRED');
    expect(sectionNameError('x'.repeat(51))).toBe('SECTION_NAME_TOO_LONG');
    expect(sectionNameError('x'.repeat(50))).toBeNull();
  });

  it('needs a sticker name unless the sticker is double', () => {
    expect(stickerErrors({ name: '', position: '', doubleSticker: false })).toEqual({
      name: 'STICKER_NAME_REQUIRED',
    });
    expect(stickerErrors({ name: '', position: '', doubleSticker: true })).toEqual({});
    expect(stickerErrors({ name: 'x'.repeat(31), position: 'y'.repeat(31), doubleSticker: false })).toEqual({
      name: 'STICKER_NAME_TOO_LONG',
      position: 'STICKER_POSITION_TOO_LONG',
    });
  });

  it('checks e-mail addresses', () => {
    expect(emailError('')).toBe('EMAIL_REQUIRED');
    expect(emailError('no-at-sign')).toBe('EMAIL_INVALID');
    expect(emailError('a@b.de')).toBeNull();
  });

  it('allows digits and spaces in phone numbers, at most 20 characters', () => {
    expect(phoneError('0171 2345678')).toBeNull();
    expect(phoneError('+49 171')).toBe('PHONE_INVALID');
    expect(phoneError('1'.repeat(21))).toBe('PHONE_TOO_LONG');
    expect(phoneError('', { required: true })).toBe('PHONE_REQUIRED');
    expect(phoneError('')).toBeNull();
  });

  it('formats the phone for an order as area code with 00, a space and the number without leading zeros', () => {
    expect(formatPhoneForOrder('+49', '0171 234')).toBe('0049 171234');
  });

  it('needs every organization field', () => {
    expect(organizationErrors({ name: '', size: '', contactName: '', phone: '', contactRole: '' })).toEqual({
      name: 'ORGANIZATION_NAME_REQUIRED',
      size: 'ORGANIZATION_SIZE_REQUIRED',
      contactName: 'CONTACT_NAME_REQUIRED',
      phone: 'PHONE_REQUIRED',
      contactRole: 'CONTACT_ROLE_REQUIRED',
    });
    expect(
      organizationErrors({
        name: 'FC',
        size: '1-150',
        contactName: 'Ann',
        phone: '0171',
        contactRole: 'lead',
      }),
    ).toEqual({});
  });

  it('computes gross prices truncated to the cent', () => {
    expect(grossFromNetCents(28500)).toBe(33915);
    expect(grossFromNetCents(1)).toBe(1);
    expect(startingPrice('pl')).toEqual({ amount: 1241, currency: 'PLN' });
    expect(startingPrice('de')).toEqual({ amount: 285, currency: 'EUR' });
  });
});
