import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconBookOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function AlbumNotFound() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" data-testid="album-not-found">
      <Stack align="center" ta="center" maw={440}>
        <IconBookOff size={64} color="var(--mantine-color-coral-5)" />
        <Title order={1}>{t('editor.notFoundTitle')}</Title>
        <Text c="dimmed">{t('editor.notFoundBody')}</Text>
        <Button component={Link} to="/start">
          {t('notFound.toStart')}
        </Button>
      </Stack>
    </Center>
  );
}
