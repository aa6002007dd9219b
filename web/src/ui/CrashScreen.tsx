import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMoodSad, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function CrashScreen({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" data-testid="crash-screen">
      <Paper p="xl" maw={520} withBorder shadow="md">
        <Stack align="center" gap="md" ta="center">
          <IconMoodSad size={56} color="var(--mantine-color-coral-6)" />
          <Title order={1}>{t('crash.title')}</Title>
          <Text c="dimmed">{t('crash.body')}</Text>
          <Text size="sm" ff="monospace" c="red.8" style={{ wordBreak: 'break-word' }}>
            {message}
          </Text>
          <Text size="sm">{t('crash.saved')}</Text>
          <Button
            leftSection={<IconRefresh size={18} />}
            onClick={() => window.location.reload()}
            data-testid="crash-reload"
          >
            {t('crash.reload')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
