import { Anchor, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { CONSENT_DELAY_MS, needsConsent, readConsent, saveConsent } from './consent.ts';

export function CookieConsentDialog() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [analytics, setAnalytics] = useState(false);

  useEffect(() => {
    if (!needsConsent(readConsent(), pathname)) return;
    // Asked again when the timer fires: a choice made meanwhile (the dialog opened on the previous page) stands.
    const timer = window.setTimeout(() => {
      if (needsConsent(readConsent(), pathname)) setOpen(true);
    }, CONSENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  const decide = (withAnalytics: boolean) => {
    saveConsent(withAnalytics);
    setOpen(false);
  };

  return (
    <Modal
      opened={open}
      onClose={() => decide(analytics)}
      withCloseButton={false}
      closeOnClickOutside={false}
      title={t('cookies.title')}
      data-testid="cookie-consent"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('cookies.body')}{' '}
          <Anchor component={Link} to="/privacy" size="sm">
            {t('footer.privacy')}
          </Anchor>
        </Text>
        <Switch checked disabled label={t('cookies.necessary')} description={t('cookies.necessaryHint')} />
        <Switch
          checked={analytics}
          onChange={(event) => setAnalytics(event.currentTarget.checked)}
          label={t('cookies.analytics')}
          description={t('cookies.analyticsHint')}
          data-testid="cookie-analytics"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => decide(analytics)} data-testid="cookie-save">
            {t('cookies.save')}
          </Button>
          <Button onClick={() => decide(true)} data-testid="cookie-accept-all" data-autofocus>
            {t('cookies.acceptAll')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
