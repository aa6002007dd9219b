import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { editorPath } from '../editor-shell/editorKeys.ts';

/** SPEC §2 result step: the placed order, with its page and the way back to the album. */
export function ResultStep({
  albumId,
  orderId,
  onNewOrder,
}: {
  albumId: string;
  orderId: string;
  onNewOrder: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="sm" py="xl" data-testid="checkout-result">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={40} />
      </ThemeIcon>
      <Title order={2}>{t('checkout.result.title')}</Title>
      <Text c="dimmed" maw={460}>
        {t('checkout.result.body')}
      </Text>
      <Text size="sm">
        {t('checkout.result.orderId')}{' '}
        <Text span ff="monospace" fw={600} data-testid="order-id">
          {orderId}
        </Text>
      </Text>
      <Group justify="center" mt="sm">
        <Button component={Link} to={`/orders/${encodeURIComponent(orderId)}`} data-testid="to-order">
          {t('checkout.result.viewOrder')}
        </Button>
        <Button component={Link} to={editorPath(albumId)} variant="default">
          {t('checkout.backToEditor')}
        </Button>
        <Button variant="subtle" onClick={onNewOrder} data-testid="new-order">
          {t('checkout.result.newOrder')}
        </Button>
      </Group>
    </Stack>
  );
}
