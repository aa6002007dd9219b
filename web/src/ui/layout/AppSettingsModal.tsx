import { Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readConsent, saveConsent } from '../cookie-consent/consent.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** The user menu's settings outside the editor: UI language and the analytics consent. */
export function AppSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [analytics, setAnalytics] = useState(() => readConsent()?.analytics ?? false);
  return (
    <Modal opened={opened} onClose={onClose} title={t('appSettings.title')}>
      <Stack>
        <div>
          <Text size="sm" fw={600} mb={4}>
            {t('language.label')}
          </Text>
          <LanguageSwitch />
        </div>
        <Switch
          checked={analytics}
          onChange={(event) => {
            setAnalytics(event.currentTarget.checked);
            saveConsent(event.currentTarget.checked);
          }}
          label={t('cookies.analytics')}
          description={t('cookies.analyticsHint')}
        />
      </Stack>
    </Modal>
  );
}
