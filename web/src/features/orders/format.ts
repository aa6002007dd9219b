import i18n from 'i18next';

/** A moment with date and time in the user's language (timeline entries, badge tooltips). */
export { formatDateTime } from '../../ui/format.ts';

/** A country's name in the user's language (DE -> Deutschland / Germany). */
export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
