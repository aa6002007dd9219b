import i18n from 'i18next';
import { getSession, subscribeSession } from '../auth/session.ts';
import { currentLanguage, LANGUAGES, type Language } from './languages.ts';

/**
 * The owner's language is kept with the account (users.locale, issue 22 item 11): the language switch saves it
 * there (LanguageSwitch), and a sign-in, or the first session of a page on another device, takes it over. Only
 * then: a refresh later in the same page does not change the language under the user's hands, so a choice made
 * meanwhile on another device waits for the next page load here.
 */
export function accountLanguage(locale: string | null | undefined): Language | null {
  return locale && (LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : null;
}

export function followAccountLanguage(): () => void {
  let adopted = false;
  return subscribeSession(() => {
    const session = getSession();
    if (session.kind !== 'user') {
      adopted = false;
      return;
    }
    if (adopted) return;
    const wanted = accountLanguage(session.user.locale);
    if (!wanted) return;
    adopted = true;
    if (currentLanguage(i18n.resolvedLanguage) !== wanted) void i18n.changeLanguage(wanted);
  });
}
