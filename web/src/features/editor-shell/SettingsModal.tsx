import { Modal, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TABS, type SettingsTab } from './editorKeys.ts';

interface Props {
  tab: SettingsTab | undefined;
  onTabChange: (tab: SettingsTab) => void;
  onClose: () => void;
}

/** Album settings at .../settings/{general|users}; the forms arrive with the editor issue. */
export function SettingsModal({ tab, onTabChange, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={tab !== undefined}
      onClose={onClose}
      title={t('editor.settings.title')}
      size="lg"
      data-testid="album-settings"
    >
      <Tabs value={tab ?? 'general'} onChange={(value) => value && onTabChange(value as SettingsTab)}>
        <Tabs.List mb="md">
          {SETTINGS_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`settings-tab-${name}`}>
              {t(`editor.settings.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SETTINGS_TABS.map((name) => (
          <Tabs.Panel key={name} value={name}>
            <Text c="dimmed">{t('placeholder.body')}</Text>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
