import { Alert, Badge, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconPointFilled } from '@tabler/icons-react';
import { onboardingStepStatuses, type OnboardingStepStatus } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useOnboardingState } from '../api.ts';
import type { TabPanelProps } from '../types.ts';

const LOOK: Record<OnboardingStepStatus, { color: string; icon: typeof IconCheck }> = {
  done: { color: 'teal', icon: IconCheck },
  active: { color: 'brand', icon: IconPointFilled },
  todo: { color: 'gray', icon: IconCircleDashed },
};

/** SPEC §2/§4 onboarding tab: the six steps from GET /albums/{id}/onboarding_state, done / active / todo. */
export function OnboardingPanel({ album }: TabPanelProps) {
  const { t } = useTranslation();
  const state = useOnboardingState(album.id);
  return (
    <Stack gap="sm" data-testid="onboarding-panel">
      <Title order={4}>{t('structure.onboarding.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('structure.onboarding.intro')}
      </Text>
      {state.isPending && <Loader size="sm" />}
      {state.isError && <Alert color="red">{t('errors.generic')}</Alert>}
      {state.data &&
        onboardingStepStatuses(state.data).map(({ step, status }, i) => {
          const { color, icon: Icon } = LOOK[status];
          return (
            <Paper
              key={step}
              withBorder
              p="sm"
              radius="md"
              data-testid="onboarding-step"
              data-step={step}
              data-status={status}
              style={
                status === 'active'
                  ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
                  : undefined
              }
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <ThemeIcon
                  radius="xl"
                  size="md"
                  color={color}
                  variant={status === 'todo' ? 'light' : 'filled'}
                >
                  <Icon size={16} />
                </ThemeIcon>
                <Stack gap={2} flex={1}>
                  <Group justify="space-between" gap={4}>
                    <Text fw={700} size="sm" td={status === 'done' ? 'line-through' : undefined}>
                      {i + 1}. {t(`structure.onboarding.steps.${step}.title`)}
                    </Text>
                    <Badge size="xs" color={color} variant="light">
                      {t(`structure.onboarding.status.${status}`)}
                    </Badge>
                  </Group>
                  {status !== 'done' && (
                    <Text size="xs" c="dimmed">
                      {t(`structure.onboarding.steps.${step}.body`)}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Paper>
          );
        })}
    </Stack>
  );
}
