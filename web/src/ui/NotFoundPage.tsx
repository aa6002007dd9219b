import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center py={80} px="md" data-testid="not-found-page">
      <Stack align="center" gap="md" ta="center" maw={440}>
        <IconMoodEmpty size={64} color="var(--mantine-color-coral-5)" />
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to="/start" data-testid="not-found-start-link">
          {t('notFound.toStart')}
        </Button>
      </Stack>
    </Center>
  );
}
