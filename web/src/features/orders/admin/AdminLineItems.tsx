import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PRODUCT_KEYS } from '@stickerbook/model';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm.tsx';
import { errorMessage, notify } from '../../../ui/notify.ts';
import type { LineItem, Order } from '../types.ts';
import { invoiceLock } from './invoiceLock.ts';
import { useAddLineItem, useDeleteLineItem, useUpdateLineItem } from './queries.ts';

const MAX_QUANTITY = 100_000;
const nowrap = { whiteSpace: 'nowrap' } as const;

interface Draft {
  product: string;
  description: string;
  quantity: number | string;
}

/** One line being edited or added: description and quantity; the server prices it (frozen or current price). */
function DraftRow({
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
  withProduct,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  withProduct: boolean;
}) {
  const { t } = useTranslation();
  const quantity = Number(draft.quantity);
  const valid =
    Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY && draft.product !== '';
  return (
    <Table.Tr data-testid="line-item-draft">
      <Table.Td>
        {withProduct && (
          <Select
            size="xs"
            mb={4}
            allowDeselect={false}
            placeholder={t('orderAdmin.lineItems.product')}
            data={PRODUCT_KEYS.map((key) => ({
              value: key,
              label: t(`orderAdmin.lineItems.products.${key}`),
            }))}
            value={draft.product || null}
            onChange={(product) => onChange({ ...draft, product: product ?? '' })}
            data-testid="line-item-product"
          />
        )}
        <TextInput
          size="xs"
          placeholder={t('orderAdmin.lineItems.description')}
          maxLength={500}
          value={draft.description}
          onChange={(event) => onChange({ ...draft, description: event.currentTarget.value })}
          data-testid="line-item-description"
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          size="xs"
          w={90}
          min={1}
          max={MAX_QUANTITY}
          allowDecimal={false}
          value={draft.quantity}
          onChange={(value) => onChange({ ...draft, quantity: value })}
          data-testid="line-item-quantity"
        />
      </Table.Td>
      <Table.Td colSpan={2}>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            onClick={onSave}
            disabled={!valid}
            loading={saving}
            aria-label={t('common.save')}
            data-testid="line-item-save"
          >
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon variant="default" onClick={onCancel} aria-label={t('common.cancel')}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}

/** SPEC §2 order detail for staff: the line-item table with edit, add and delete (confirmed), net and gross. */
export function AdminLineItems({ order }: { order: Order }) {
  const { t } = useTranslation();
  const update = useUpdateLineItem(order.id);
  const add = useAddLineItem(order.id);
  const remove = useDeleteLineItem(order.id);
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [adding, setAdding] = useState<Draft | null>(null);
  const failed = (error: unknown) =>
    notify.error(t('orderAdmin.saveFailed', { message: errorMessage(error) }));

  const locked = invoiceLock(order, t);
  const startEdit = (item: LineItem) =>
    setEditing({
      id: item.id,
      draft: { product: item.product, description: item.description ?? '', quantity: item.quantity },
    });
  const saveEdit = () => {
    if (!editing) return;
    const shown = order.line_items.find((item) => item.id === editing.id)?.description ?? '';
    const description = editing.draft.description.trim();
    update.mutate(
      {
        id: editing.id,
        // The text the form showed is in the admin's language; only a typed change is sent (the server writes it
        // in the order's language, so a German invoice never gets the English catalogue text).
        ...(description !== shown.trim() ? { description } : {}),
        quantity: Number(editing.draft.quantity),
      },
      { onSuccess: () => setEditing(null), onError: failed },
    );
  };
  const saveNew = () => {
    if (!adding) return;
    const description = adding.description.trim();
    add.mutate(
      { product: adding.product, quantity: Number(adding.quantity), ...(description ? { description } : {}) },
      { onSuccess: () => setAdding(null), onError: failed },
    );
  };
  const askDelete = async (item: LineItem) => {
    const ok = await confirm({
      title: t('orderAdmin.lineItems.deleteTitle'),
      message: t('orderAdmin.confirmDelete'),
      confirmLabel: t('orderAdmin.delete'),
      danger: true,
    });
    if (ok)
      remove.mutate(item.id, {
        onError: (error) => notify.error(t('orderAdmin.deleteFailed', { message: errorMessage(error) })),
      });
  };

  return (
    <Paper withBorder p="lg" data-testid="order-line-items">
      <Group justify="space-between" mb="md">
        <Title order={3}>{t('orders.detail.lineItems')}</Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={adding !== null || locked !== null}
          title={locked ?? undefined}
          onClick={() => setAdding({ product: '', description: '', quantity: order.no_albums })}
          data-testid="line-item-add"
        >
          {t('orderAdmin.lineItems.add')}
        </Button>
      </Group>
      {locked && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="line-items-locked">
          {locked}
        </Text>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.detail.item')}</Table.Th>
              <Table.Th ta="right">{t('orders.detail.quantity')}</Table.Th>
              <Table.Th ta="right">{t('orders.detail.net')}</Table.Th>
              <Table.Th ta="right">{t('orders.detail.gross')}</Table.Th>
              <Table.Th w={72} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.line_items.map((item) =>
              editing?.id === item.id ? (
                <DraftRow
                  key={item.id}
                  draft={editing.draft}
                  onChange={(draft) => setEditing({ id: item.id, draft })}
                  onSave={saveEdit}
                  onCancel={() => setEditing(null)}
                  saving={update.isPending}
                  withProduct={false}
                />
              ) : (
                <Table.Tr key={item.id} data-testid="order-line-item">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {item.title}
                    </Text>
                    {item.description && (
                      <Text size="xs" c="dimmed">
                        {item.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {item.amount_human}
                  </Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {item.amount_gross_human}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => startEdit(item)}
                        disabled={locked !== null}
                        title={locked ?? undefined}
                        aria-label={t('orderAdmin.edit')}
                        data-testid="line-item-edit"
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => void askDelete(item)}
                        disabled={locked !== null}
                        title={locked ?? undefined}
                        aria-label={t('orderAdmin.delete')}
                        data-testid="line-item-delete"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
            {adding && (
              <DraftRow
                draft={adding}
                onChange={setAdding}
                onSave={saveNew}
                onCancel={() => setAdding(null)}
                saving={add.isPending}
                withProduct
              />
            )}
          </Table.Tbody>
          <Table.Tfoot>
            {order.voucher && (
              <Table.Tr>
                <Table.Td colSpan={3}>{t('orders.detail.voucher', { code: order.voucher.code })}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  −{order.voucher.discount_human}
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            )}
            {Boolean(order.price_adjustment) && (
              <Table.Tr data-testid="order-price-adjustment">
                <Table.Td colSpan={3}>{t('orders.detail.priceAdjustment')}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {order.price_adjustment_human}
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Td colSpan={3}>{t('orders.detail.totalNet')}</Table.Td>
              <Table.Td ta="right" style={nowrap} data-testid="order-total-net">
                {order.amount_human}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={3}>{t('orders.detail.vat')}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {order.tax_value_human}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={3} fw={700}>
                {t('orders.detail.total')}
              </Table.Td>
              <Table.Td ta="right" fw={700} style={nowrap} data-testid="order-total-gross">
                {order.amount_gross_human}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
