import i18n from 'i18next';

/** The one date formatting helper: Intl with the current UI language. */
export function formatDate(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    date,
  );
}

/** yyyy-mm-dd for date inputs and the API's ISO dates. */
export function isoDay(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}
