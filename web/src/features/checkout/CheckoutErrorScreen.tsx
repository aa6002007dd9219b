import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../ui/notify.ts';
import { editorPath } from '../editor-shell/editorKeys.ts';

/** SPEC §8: the checkout that cannot load says so ('Hoppla, da ist etwas schiefgelaufen') with a way back. */
export function CheckoutErrorScreen({
  albumId,
  error,
  onRetry,
}: {
  albumId: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Container size="sm" py={60} data-testid="checkout-error">
      <Paper p="xl" withBorder>
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconMoodSad size={32} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('checkout.loadError.title')}
          </Title>
          <Text c="dimmed">{errorMessage(error, i18n)}</Text>
          <Stack gap="xs" mt="sm" w="100%" maw={280}>
            <Button component={Link} to={editorPath(albumId)} data-testid="checkout-error-back">
              {t('checkout.backToEditor')}
            </Button>
            <Button variant="default" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}
