import { Alert, Button, Checkbox, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm.tsx';
import { errorMessage, notify } from '../../../ui/notify.ts';
import type { Order } from '../types.ts';
import { offeredSignals } from './offeredSignals.ts';
import { useAddOrderUpdate, useStaffSignals } from './queries.ts';
import { addSignalAsking } from './signalOrder.ts';

/**
 * SPEC §4 events form: only the staff signals not yet on the timeline are offered (none left → a notice), an
 * optional tracking code (shown as a carrier link) and optionally an e-mail to the customer in the album language.
 * A signal out of SPEC §4's order is sent only after the admin confirmed the server's reason (signalOrder.ts).
 */
export function EventsForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const signals = useStaffSignals();
  const add = useAddOrderUpdate(order.id);
  const [signal, setSignal] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [trackingCode, setTrackingCode] = useState('');
  const [sendEmail, setSendEmail] = useState(false);

  const offered = offeredSignals(signals.data ?? [], order.order_updates);

  const submit = async () => {
    // The select offers only signals of the list, so the chosen one is found there.
    const chosen = signals.data?.find((staffSignal) => staffSignal.title === signal);
    if (!chosen) return;
    const body = {
      signal: chosen.title,
      message: message.trim() || undefined,
      metadata: trackingCode.trim() ? { tracking_code: trackingCode.trim() } : undefined,
      trigger_email: sendEmail,
    };
    try {
      // Out of SPEC §4's order: the confirm modal names the server's reason before the signal is sent again.
      const added = await addSignalAsking(
        (confirmed) => add.mutateAsync(confirmed ? { ...body, confirm: true } : body),
        (reason) =>
          confirm({
            title: t('orderAdmin.events.outOfOrderTitle'),
            message: reason,
            confirmLabel: t('orderAdmin.events.addAnyway'),
          }),
      );
      if (!added) return;
      setSignal(null);
      setMessage('');
      setTrackingCode('');
      setSendEmail(false);
      notify.success(t('orderAdmin.events.added'));
    } catch (error) {
      notify.error(t('orderAdmin.saveFailed', { message: errorMessage(error) }));
    }
  };

  return (
    <Paper withBorder p="lg" data-testid="order-events-form">
      <Title order={3} mb="md">
        {t('orderAdmin.events.title')}
      </Title>
      {signals.isError && <Alert color="red">{t('errors.generic')}</Alert>}
      {signals.data && offered.length === 0 ? (
        <Alert color="gray" data-testid="events-none-left">
          {t('orderAdmin.events.noneLeft')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Select
            label={t('orderAdmin.events.signal')}
            placeholder={t('orderAdmin.events.signalPlaceholder')}
            data={offered.map((s) => ({ value: s.title, label: s.human_title }))}
            value={signal}
            onChange={setSignal}
            data-testid="events-signal"
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t('orderAdmin.events.message')}
            autosize
            minRows={2}
            maxLength={2000}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          <TextInput
            label={t('orderAdmin.events.trackingCode')}
            maxLength={100}
            value={trackingCode}
            onChange={(event) => setTrackingCode(event.currentTarget.value)}
            data-testid="events-tracking"
          />
          <Checkbox
            label={t('orderAdmin.events.sendEmail')}
            checked={sendEmail}
            onChange={(event) => setSendEmail(event.currentTarget.checked)}
            data-testid="events-send-email"
          />
          {/* SPEC §5: an event needs a signal. */}
          <Button
            onClick={() => void submit()}
            disabled={!signal}
            loading={add.isPending}
            data-testid="events-submit"
          >
            {t('orderAdmin.events.submit')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
