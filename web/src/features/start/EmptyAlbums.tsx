import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function EmptyAlbums({ shared }: { shared: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" data-testid={shared ? 'shared-albums-empty' : 'own-albums-empty'}>
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconBook2 size={34} />
        </ThemeIcon>
        {/* Under the page's h1 and its tabs: the next level, at the size it had (Lighthouse heading-order). */}
        <Title order={2} size="h3">
          {shared ? t('start.sharedEmptyTitle') : t('start.emptyTitle')}
        </Title>
        <Text c="dimmed" maw={420}>
          {shared ? t('start.sharedEmptyBody') : t('start.emptyBody')}
        </Text>
        {!shared && (
          <Button
            component={Link}
            to="/album/new"
            leftSection={<IconPlus size={18} />}
            size="md"
            data-testid="empty-create-album"
          >
            {t('start.createFirst')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
