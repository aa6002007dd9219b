import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { OutboxView } from '@stickerbook/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { formatDateTime } from '../../ui/format.ts';

/** /admin/outbox (admins): the mails kept while no mail server (SMTP_URL) is set up, newest first. */
export function OutboxPage() {
  const { t } = useTranslation();
  const outbox = useQuery({
    queryKey: ['admin', 'outbox'],
    queryFn: () => api.get<OutboxView>('/admin/outbox'),
  });
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        {t('outbox.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {outbox.data?.smtp_configured ? t('outbox.smtp') : t('outbox.intro')}
      </Text>
      {outbox.isError && <Alert color="red">{t('outbox.loadError')}</Alert>}
      {outbox.data?.mails.length === 0 && <Text>{t('outbox.empty')}</Text>}
      <Stack gap="md">
        {outbox.data?.mails.map((mail) => (
          <Paper key={mail.id} withBorder p="md" radius="md" data-testid="outbox-mail">
            <Text fw={600}>{mail.subject}</Text>
            <Text size="sm" c="dimmed" mb="xs">
              {t('outbox.to', { to: mail.to })} · {formatDateTime(mail.created_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {mail.text}
            </Text>
            {mail.attachments.length > 0 && (
              <Text size="sm" c="dimmed" mt="xs" data-testid="outbox-attachments">
                {t('outbox.attachments', {
                  files: mail.attachments.map((file) => file.filename).join(', '),
                })}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
