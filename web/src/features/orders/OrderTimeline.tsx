import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/List.css';
import { Anchor, List, Paper, Text, Timeline, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from './format.ts';
import { TONE_COLORS, signalTone, timelineOf } from './signals.ts';
import type { OrderUpdate } from './types.ts';

function trackingCode(update: OrderUpdate): string | null {
  const code = update.metadata?.tracking_code ?? update.metadata?.dhl_tracking_code;
  return typeof code === 'string' && code ? code : null;
}

/**
 * SPEC §2/§4 timeline of order updates, newest first, coloured by signal. An edit of the placed order lists what
 * it changed, old → new (issue 21; the server sends the customer only the changes that touch them). A shipment's tracking code links to the
 * carrier's tracking page (the update's `target_url`) in a new tab; the customer's page and the back office share
 * this timeline.
 */
export function OrderTimeline({ updates }: { updates: readonly OrderUpdate[] }) {
  const { t } = useTranslation();
  const list = timelineOf(updates);
  return (
    <Paper withBorder p="lg" data-testid="order-timeline">
      <Title order={3} mb="md">
        {t('orders.detail.timeline')}
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed">{t('orders.detail.noUpdates')}</Text>
      ) : (
        <Timeline active={list.length} bulletSize={14} lineWidth={2}>
          {list.map((update) => {
            const color = TONE_COLORS[signalTone(update.signal)];
            const code = trackingCode(update);
            return (
              <Timeline.Item
                key={update.id}
                color={color}
                title={update.human_title || update.title}
                data-testid="order-update"
                data-signal={update.signal}
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(update.created_at)}
                </Text>
                {update.changes && update.changes.length > 0 && (
                  <List size="sm" mt={4} spacing={2} data-testid="order-changes">
                    {update.changes.map((change, index) => (
                      <List.Item
                        key={`${change.field}-${index}`}
                        data-testid="order-change"
                        data-field={change.field}
                      >
                        {t('orders.detail.change', { label: change.label, from: change.from, to: change.to })}
                      </List.Item>
                    ))}
                  </List>
                )}
                {update.author && (
                  <Text size="xs" c="dimmed" mt={2} data-testid="order-change-author">
                    {t('orders.detail.changedBy', { author: update.author })}
                  </Text>
                )}
                {update.message && (
                  <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                    {update.message}
                  </Text>
                )}
                {code && (
                  <Text size="sm" mt={4} data-testid="order-tracking">
                    <Trans
                      i18nKey="orders.detail.tracking"
                      values={{ code }}
                      components={{
                        carrier: update.target_url ? (
                          <Anchor
                            href={update.target_url}
                            target="_blank"
                            rel="noopener"
                            inherit
                            data-testid="order-tracking-link"
                          />
                        ) : (
                          <span />
                        ),
                      }}
                    />
                  </Text>
                )}
                {update.target_url && !code && (
                  <Anchor href={update.target_url} target="_blank" rel="noopener" size="sm">
                    {t('orders.detail.more')}
                  </Anchor>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Paper>
  );
}
