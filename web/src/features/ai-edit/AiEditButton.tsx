import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatures } from '../stock/api.ts';
import { AiEditModal, type AiEditModalProps } from './AiEditModal.tsx';

/** Whether this deployment offers the AI edit (SPEC §2: only outside production, and only with a provider). */
export function useAiEditAvailable(): boolean {
  const features = useFeatures();
  return features.data?.ai_image_edit === true;
}

/**
 * The 'Edit with AI' button with its modal; renders nothing unless the server offers the AI edit (GET /features
 * says so). `toolbar` draws it as an icon like the element toolbar's other buttons.
 */
export function AiEditButton(
  props: Omit<AiEditModalProps, 'opened' | 'onClose'> & { variant?: 'button' | 'toolbar' },
) {
  const { t } = useTranslation();
  const available = useAiEditAvailable();
  const [opened, setOpened] = useState(false);
  if (!available) return null;
  const { variant = 'button', ...modal } = props;
  return (
    <>
      {variant === 'toolbar' ? (
        <Tooltip label={t('aiEdit.button')} withinPortal>
          <ActionIcon
            variant="subtle"
            color="violet"
            size="lg"
            aria-label={t('aiEdit.button')}
            onClick={() => setOpened(true)}
            data-testid="ai-edit-button"
          >
            <IconSparkles size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSparkles size={14} />}
          onClick={() => setOpened(true)}
          data-testid="ai-edit-button"
        >
          {t('aiEdit.button')}
        </Button>
      )}
      <AiEditModal {...modal} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
