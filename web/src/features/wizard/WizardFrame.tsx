import '@mantine/core/styles/Stepper.css';
import { Container, Stepper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResumeModal } from './ResumeModal.tsx';
import type { WizardStep } from './wizardRules.ts';

interface Props {
  steps: WizardStep[];
  active: WizardStep;
  children: ReactNode;
}

export function WizardFrame({ steps, active, children }: Props) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('wizard.title')}
      </Title>
      <Stepper active={steps.indexOf(active)} size="sm" mb="xl" allowNextStepsSelect={false}>
        {steps.map((step) => (
          <Stepper.Step key={step} label={t(`wizard.steps.${step}`)} />
        ))}
      </Stepper>
      {children}
      <ResumeModal />
    </Container>
  );
}
