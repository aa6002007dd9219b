import { Button, Group, Paper, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A panel that shows its content and, for staff, swaps it for an edit form (SPEC §2 "with edit form"). */
export function EditablePanel({
  title,
  testId,
  view,
  form,
}: {
  title: string;
  testId: string;
  view: ReactNode;
  form: (close: () => void) => ReactNode;
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
          data-testid={`${testId}-edit`}
        >
          {t('orderAdmin.edit')}
        </Button>
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
