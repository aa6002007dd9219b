import { Anchor, Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../ui/format.ts';
import { InvoiceBadge } from './InvoiceBadge.tsx';
import type { Order } from './types.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** SPEC §2 order detail "details" panel: name, created, release date, album link, invoice, category, contact. */
export function OrderDetailsPanel({ order }: { order: Order }) {
  const { t } = useTranslation();
  const category = order.album.category;
  return (
    <Paper withBorder p="lg" data-testid="order-details-panel">
      <Title order={3} mb="md">
        {t('orders.detail.details')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={t('orders.detail.name')}>
          <Text>{order.name}</Text>
        </Field>
        <Field label={t('orders.detail.created')}>
          <Text>{formatDate(order.created_at)}</Text>
        </Field>
        <Field label={t('orders.detail.album')}>
          {order.album.id === null ? (
            <Text data-testid="order-album-deleted">
              {t('orders.detail.albumDeleted', { title: order.album.title })}
            </Text>
          ) : (
            <Anchor
              component={Link}
              to={`/album/${encodeURIComponent(order.album.id)}`}
              data-testid="order-album-link"
            >
              {order.album.title}
            </Anchor>
          )}
        </Field>
        <Field label={t('orders.detail.releaseDate')}>
          <Text>{order.album.release_date ? formatDate(order.album.release_date) : '–'}</Text>
        </Field>
        <Field label={t('orders.detail.invoice')}>
          <InvoiceBadge invoice={order.invoice} />
        </Field>
        <Field label={t('orders.detail.category')}>
          {category ? (
            <Badge variant="light" color="coral">
              {t(`categories.${category}`, { defaultValue: category })}
            </Badge>
          ) : (
            <Text>–</Text>
          )}
        </Field>
        <Field label={t('orders.detail.email')}>
          <Text style={{ wordBreak: 'break-all' }}>{order.email}</Text>
        </Field>
        <Field label={t('orders.detail.phone')}>
          <Text>{order.phone || '–'}</Text>
        </Field>
        {order.buyer_vat_id && (
          <Field label={t('orders.detail.vatId')}>
            <Text data-testid="order-vat-id">{order.buyer_vat_id}</Text>
          </Field>
        )}
        {order.buyer_reference && (
          <Field label={t('orders.detail.buyerReference')}>
            <Text data-testid="order-buyer-reference">{order.buyer_reference}</Text>
          </Field>
        )}
        {order.tax_treatment && order.tax_treatment !== 'standard' && (
          <Field label={t('orders.detail.taxTreatment')}>
            <Text data-testid="order-tax-treatment">
              {t(`orders.detail.taxTreatments.${order.tax_treatment}`)}
            </Text>
          </Field>
        )}
      </SimpleGrid>
      {order.comment && (
        <Field label={t('orders.detail.comment')}>
          <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {order.comment}
          </Text>
        </Field>
      )}
    </Paper>
  );
}
