import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSavedWizard, wizardStore } from './wizardStore.ts';

/** Offers the autosaved configuration of an earlier visit, or a fresh start. */
export function ResumeModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => wizardStore.shouldOfferResume());
  const saved = open ? loadSavedWizard() : null;

  const choose = (resume: boolean) => {
    if (resume) wizardStore.resume();
    else wizardStore.startFresh();
    setOpen(false);
  };

  return (
    <Modal
      opened={open}
      onClose={() => choose(false)}
      title={t('wizard.resume.title')}
      data-testid="wizard-resume"
    >
      <Text size="sm" mb="lg">
        {t('wizard.resume.body', { template: saved?.blueprintTitle ?? '' })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => choose(false)} data-testid="wizard-start-fresh">
          {t('wizard.resume.fresh')}
        </Button>
        <Button onClick={() => choose(true)} data-testid="wizard-load-earlier">
          {t('wizard.resume.load')}
        </Button>
      </Group>
    </Modal>
  );
}
