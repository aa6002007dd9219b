import type { TFunction } from 'i18next';

/** Matches the server's rules (contract: password min 8) so most mistakes are caught before a round trip. */
const PASSWORD_MIN_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string, t: TFunction): string | null {
  if (!value.trim()) return t('errors.auth.emailRequired');
  return EMAIL_PATTERN.test(value.trim()) ? null : t('errors.auth.emailInvalid');
}

export function passwordError(value: string, t: TFunction): string | null {
  return value.length >= PASSWORD_MIN_LENGTH
    ? null
    : t('errors.auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
}
