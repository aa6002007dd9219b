import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearSession, setSession, type SessionUser } from '../auth/session.ts';
import { followAccountLanguage } from './accountLanguage.ts';

const user = (locale: string | null): SessionUser => ({
  sub: 'u1',
  email: 'ola@example.pl',
  roles: [],
  locale,
});

describe('the account’s language', () => {
  let stop: () => void = () => undefined;
  beforeAll(async () => {
    await i18n.init({ lng: 'de', supportedLngs: ['de', 'en', 'fr', 'it', 'pl'], resources: {} });
  });
  afterEach(() => {
    stop();
    clearSession();
  });

  it('is taken over at sign-in, and a refresh later in the page does not switch again', async () => {
    await i18n.changeLanguage('de');
    stop = followAccountLanguage();
    setSession({ kind: 'user', accessToken: 'a', user: user('pl') });
    expect(i18n.language).toBe('pl');
    // Chosen meanwhile on another device: this page keeps what it shows until the next load or sign-in.
    setSession({ kind: 'user', accessToken: 'b', user: user('fr') });
    expect(i18n.language).toBe('pl');
    clearSession();
    setSession({ kind: 'user', accessToken: 'c', user: user('it') });
    expect(i18n.language).toBe('it');
  });

  it('leaves the language alone for an account without one, for guests and for unknown values', async () => {
    await i18n.changeLanguage('fr');
    stop = followAccountLanguage();
    setSession({ kind: 'guest', guestId: 'g1', accessToken: 'a' });
    setSession({ kind: 'user', accessToken: 'b', user: user(null) });
    expect(i18n.language).toBe('fr');
    clearSession();
    setSession({ kind: 'user', accessToken: 'c', user: user('xx') });
    expect(i18n.language).toBe('fr');
  });
});
