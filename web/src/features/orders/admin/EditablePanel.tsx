import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A panel that shows its content and, for staff, swaps it for an edit form (SPEC §2 "with edit form"). */
export function EditablePanel({
  title,
  testId,
  view,
  form,
  locked = null,
}: {
  title: string;
  testId: string;
  view: ReactNode;
  form: (close: () => void) => ReactNode;
  /** Why the content cannot be edited now (an invoice stands); the edit button is disabled and says so. */
  locked?: string | null;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div style={{ position: 'relative' }}>
        {view}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} />}
          style={{ position: 'absolute', top: 16, right: 16 }}
          onClick={() => setEditing(true)}
          disabled={locked !== null}
          title={locked ?? undefined}
          data-testid={`${testId}-edit`}
        >
          {t('orderAdmin.edit')}
        </Button>
        {locked && (
          <Text size="xs" c="dimmed" mt={4} data-testid={`${testId}-locked`}>
            {locked}
          </Text>
        )}
      </div>
    );
  }
  return (
    <Paper withBorder p="lg" data-testid={`${testId}-form`}>
      <Group justify="space-between" mb="md">
        <Title order={3}>{title}</Title>
      </Group>
      {form(() => setEditing(false))}
    </Paper>
  );
}
