import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A real page for a screen that is built in a later issue: its title and a friendly note, never a blank. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={60} data-testid="placeholder-page">
      <Paper p="xl" withBorder shadow="xs">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconSparkles size={30} />
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('placeholder.body')}</Text>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
