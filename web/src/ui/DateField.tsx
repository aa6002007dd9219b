import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/pl';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/languages.ts';
import { dayPattern, parseDay } from './format.ts';

type Props = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale' | 'minDate' | 'maxDate'
> & {
  /** yyyy-mm-dd, '' for none. */
  value: string;
  /** yyyy-mm-dd, '' when emptied (only with `clearable`). */
  onChange: (isoDay: string) => void;
  minDate?: string;
};

/**
 * The one date field (issue 22 item 11): a native `<input type=date>` shows the browser locale's format (05/15/2027
 * in a German UI), this one the language of the page around it (15.05.2027), read from `useTranslation`, so the
 * checkout's field speaks the album's language like the rest of the checkout. Typed in that format or picked
 * from the calendar (arrow keys move the day, Enter takes it, Escape closes); the value stays ISO yyyy-mm-dd.
 */
export function DateField({ value, onChange, minDate, ...rest }: Props) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n.language);
  const { format } = dayPattern(language);
  const placeholder = format
    .replace('DD', t('dateField.letters.day'))
    .replace('MM', t('dateField.letters.month'))
    .replace('YYYY', t('dateField.letters.year'));
  return (
    <DateInput
      placeholder={placeholder}
      {...rest}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={format}
      dateParser={(text) => parseDay(text, language)}
      locale={language}
      minDate={minDate}
      // The neighbouring months' days are drawn in grey below WCAG contrast; the month's own days are enough.
      hideOutsideDates
      clearButtonProps={{ 'aria-label': t('dateField.clear'), ...rest.clearButtonProps }}
      ariaLabels={{
        previousMonth: t('dateField.previousMonth'),
        nextMonth: t('dateField.nextMonth'),
        previousYear: t('dateField.previousYear'),
        nextYear: t('dateField.nextYear'),
        previousDecade: t('dateField.previousDecade'),
        nextDecade: t('dateField.nextDecade'),
        monthLevelControl: t('dateField.monthLevel'),
        yearLevelControl: t('dateField.yearLevel'),
      }}
    />
  );
}
