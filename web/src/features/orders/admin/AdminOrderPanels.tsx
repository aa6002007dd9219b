import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tooltip.css';
import { Grid, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OrderDetailsPanel } from '../OrderDetailsPanel.tsx';
import { OrderTimeline } from '../OrderTimeline.tsx';
import { ShippingAddressPanel } from '../ShippingAddressPanel.tsx';
import type { Order } from '../types.ts';
import { AddressForm } from './AddressForm.tsx';
import { AdminLineItems } from './AdminLineItems.tsx';
import { DeleteOrderButton } from './DeleteOrderButton.tsx';
import { DetailsForm } from './DetailsForm.tsx';
import { EditablePanel } from './EditablePanel.tsx';
import { EventsForm } from './EventsForm.tsx';
import { invoiceLock } from './invoiceLock.ts';
import { InvoiceStateAlert } from './InvoiceStateAlert.tsx';
import { OrderComments } from './OrderComments.tsx';
import { OrderDocumentsPanel } from './OrderDocumentsPanel.tsx';

/**
 * SPEC §2 order detail as staff see it: the customer's panels with edit forms, the editable line items, the
 * timeline with its events form, order comments and the order's actions.
 */
export default function AdminOrderPanels({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locked = invoiceLock(order, t);
  const address = order.shipping_address;
  return (
    <Stack gap="lg" data-testid="order-admin">
      <Group justify="flex-end">
        <DeleteOrderButton orderId={order.id} />
      </Group>
      <InvoiceStateAlert order={order} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <EditablePanel
              title={t('orders.detail.details')}
              testId="order-details"
              view={<OrderDetailsPanel order={order} />}
              form={(close) => <DetailsForm order={order} onDone={close} />}
            />
            <AdminLineItems order={order} />
            <OrderComments orderId={order.id} />
            <OrderDocumentsPanel order={order} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {address && (
              <EditablePanel
                title={t('orders.detail.shippingAddress')}
                testId="order-address"
                view={<ShippingAddressPanel address={address} />}
                locked={locked}
                form={(close) => <AddressForm orderId={order.id} address={address} onDone={close} />}
              />
            )}
            <EventsForm order={order} />
            <OrderTimeline updates={order.order_updates} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
