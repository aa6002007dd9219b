import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { editorPath } from '../editor-shell/editorKeys.ts';
import { useOrder } from '../orders/queries.ts';

/** SPEC §2 result step: the placed order by its number, with its page and the way back to the album. */
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
  const order = useOrder(orderId);
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
        {/* The one order number the customer reads everywhere (SB-10001); the id stays for links and tests. */}
        <Text span ff="monospace" fw={600} data-testid="order-id" data-order-id={orderId}>
          {order.data?.name ?? '…'}
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
