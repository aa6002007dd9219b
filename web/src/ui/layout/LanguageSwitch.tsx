import { Button } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { getSession, setSession } from '../../auth/session.ts';
import type { User } from '../../api/types.ts';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages.ts';
// Its popover code loads when the menu is first used, not with every page.
import { DeferredMenu as Menu } from '../../app/DeferredMenu.tsx';

/** Switches the UI language at once; a signed-in user's choice is also remembered on the account. */
interface Props {
  compact?: boolean;
  testId?: string;
}

export function LanguageSwitch({ compact = false, testId = 'language-switch' }: Props) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n.resolvedLanguage);

  const choose = (lng: Language) => {
    void i18n.changeLanguage(lng);
    if (getSession().kind !== 'user') return;
    // Kept with the account, so the next sign-in and other devices start in it (issue 22 item 11).
    api
      .patch<User>('/users/me', { locale: lng })
      .then((user) => {
        const session = getSession();
        if (session.kind === 'user')
          setSession({ ...session, user: { ...session.user, locale: user.locale } });
      })
      .catch(() => undefined);
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size={compact ? 'compact-sm' : 'sm'}
          leftSection={<IconLanguage size={16} />}
          aria-label={t('language.label')}
          data-testid={testId}
        >
          {active.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            onClick={() => choose(lng)}
            rightSection={lng === active ? <IconCheck size={14} /> : null}
            data-testid={`language-option-${lng}`}
            lang={lng}
          >
            {LANGUAGE_NAMES[lng]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
