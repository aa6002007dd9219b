import { ActionIcon } from '@mantine/core';
import { IconFileText, IconHelpCircle, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentLanguage } from '../../i18n/languages.ts';
import { openSupport } from '../../features/support/supportStore.ts';
import { helpCentreUrl } from './helpLinks.ts';
// Its popover code loads when the menu is first used, not with every page.
import { DeferredMenu as Menu } from '../../app/DeferredMenu.tsx';

export function HelpMenu() {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('help.menu')}
          data-testid="help-menu"
        >
          <IconHelpCircle size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={helpCentreUrl(currentLanguage(i18n.resolvedLanguage))}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconHelpCircle size={16} />}
        >
          {t('help.help')}
        </Menu.Item>
        <Menu.Item onClick={openSupport} leftSection={<IconMail size={16} />} data-testid="help-menu-contact">
          {t('help.contact')}
        </Menu.Item>
        <Menu.Item component={Link} to="/terms" leftSection={<IconFileText size={16} />}>
          {t('help.terms')}
        </Menu.Item>
        <Menu.Item component={Link} to="/customer-information" leftSection={<IconInfoCircle size={16} />}>
          {t('help.customerInformation')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
