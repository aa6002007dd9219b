import { Modal, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Album } from '../../api/types.ts';
import { GeneralSettings } from '../album-settings/GeneralSettings.tsx';
import { UsersSettings } from '../album-settings/UsersSettings.tsx';
import { SETTINGS_TABS, type SettingsTab } from './editorKeys.ts';

interface Props {
  album: Album;
  mobile: boolean;
  tab: SettingsTab | undefined;
  onTabChange: (tab: SettingsTab) => void;
  onClose: () => void;
}

/** Album settings at .../settings/{general|users} (SPEC §2): the album's own fields, and who shares it. */
export function SettingsModal({ album, mobile, tab, onTabChange, onClose }: Props) {
  const { t } = useTranslation();
  const active = tab ?? 'general';
  return (
    <Modal
      opened={tab !== undefined}
      onClose={onClose}
      title={t('editor.settings.title')}
      size="lg"
      fullScreen={mobile}
      data-testid="album-settings"
    >
      <Tabs value={active} onChange={(value) => value && onTabChange(value as SettingsTab)}>
        <Tabs.List mb="md">
          {SETTINGS_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`settings-tab-${name}`}>
              {t(`editor.settings.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general">
          {active === 'general' && <GeneralSettings album={album} mobile={mobile} />}
        </Tabs.Panel>
        <Tabs.Panel value="users">{active === 'users' && <UsersSettings album={album} />}</Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
