import { PHONE_MAX_CHARS } from '../constants.ts';

export type EmailError = 'EMAIL_REQUIRED' | 'EMAIL_INVALID';
export type PhoneError = 'PHONE_REQUIRED' | 'PHONE_INVALID' | 'PHONE_TOO_LONG';

// One @, no spaces, a dot in the domain: what a form can check; the mail server is the real test.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): EmailError | null {
  const trimmed = email.trim();
  if (trimmed.length === 0) return 'EMAIL_REQUIRED';
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) return 'EMAIL_INVALID';
  return null;
}

/** SPEC §5: phone digits and spaces only, at most 20 characters; required only in some forms. */
export function phoneError(phone: string, options: { required?: boolean } = {}): PhoneError | null {
  if (phone.trim().length === 0) return options.required ? 'PHONE_REQUIRED' : null;
  if (!/^[0-9 ]+$/.test(phone)) return 'PHONE_INVALID';
  if (phone.length > PHONE_MAX_CHARS) return 'PHONE_TOO_LONG';
  return null;
}

/**
 * SPEC §5: the phone number is sent as the area code with '+' replaced by '00', a space, then the number without
 * leading zeros ('+49', '0171 234' -> '0049 171234'). A number that already starts with the area code (typed
 * internationally, or formatted once before) keeps it once: '0049 221 123456' stays '0049 221123456', never
 * '0049 49221123456', which went to the carrier and the print partner.
 */
export function formatPhoneForOrder(areaCode: string, phone: string): string {
  const digits = areaCode.trim().replace(/^(\+|00)/, '');
  let number = phone.replace(/\s+/g, '');
  if (digits === '') return number.replace(/^0+/, '');
  const code = `00${digits}`;
  if (number.startsWith(code)) number = number.slice(code.length);
  return `${code} ${number.replace(/^0+/, '')}`;
}
