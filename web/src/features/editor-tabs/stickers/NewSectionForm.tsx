import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createSection, SECTION_NAME_MAX, sectionNameError } from '@stickerbook/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { modelErrorText, runChange } from '../editorHooks.ts';

/** SPEC §5: a new section needs a non-empty name of at most 50 characters; it goes before a trailing static one. */
export function NewSectionForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const code = sectionNameError(name);
    if (code) {
      setError(modelErrorText(code));
      return;
    }
    if (runChange(editor, 'create section', (doc) => createSection(doc, name))) {
      setName('');
      setError(null);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap={6} align="flex-start" wrap="nowrap">
        <TextInput
          flex={1}
          size="sm"
          value={name}
          autoFocus={autoFocus}
          maxLength={SECTION_NAME_MAX + 10}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          placeholder={t('structure.sections.newPlaceholder')}
          aria-label={t('structure.sections.newLabel')}
          error={error}
          data-testid="new-section-name"
        />
        <ActionIcon
          type="submit"
          size={36}
          variant="filled"
          aria-label={t('structure.sections.create')}
          data-testid="new-section-submit"
        >
          <IconPlus size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
}
