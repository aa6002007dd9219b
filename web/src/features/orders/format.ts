import i18n from 'i18next';

/** A moment with date and time in the user's language (timeline entries, badge tooltips). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A country's name in the user's language (DE -> Deutschland / Germany). */
export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
