import { Button } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatures } from '../stock/api.ts';
import { AiEditModal, type AiEditModalProps } from './AiEditModal.tsx';

/**
 * The 'Edit with AI' button with its modal; renders nothing unless the server offers the AI edit (SPEC §2: only
 * outside production, and only with a provider configured; GET /features says which).
 */
export function AiEditButton(props: Omit<AiEditModalProps, 'opened' | 'onClose'> & { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const features = useFeatures();
  const [opened, setOpened] = useState(false);
  if (!features.data?.ai_image_edit) return null;
  const { size = 'xs', ...modal } = props;
  return (
    <>
      <Button
        size={size}
        variant="light"
        leftSection={<IconSparkles size={14} />}
        onClick={() => setOpened(true)}
        data-testid="ai-edit-button"
      >
        {t('aiEdit.button')}
      </Button>
      <AiEditModal {...modal} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
