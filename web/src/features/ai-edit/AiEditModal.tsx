import {
  Alert,
  Box,
  Button,
  Group,
  Image,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editReducer, initialEditState, isRunning, type EditedImage, type EditState } from './editState.ts';
import { followImageEdit, startImageEdit } from './editStream.ts';

/** What to do with a finished edit: keep it as an extra image, or put it where the original is used. */
export type ApplyEdit = 'add' | 'replace';

export interface AiEditModalProps {
  opened: boolean;
  imageId: string;
  /** The image as it is now, shown beside the preview. */
  originalUrl?: string;
  onClose(): void;
  /**
   * The user's choice for the new image record (the server keeps the original either way). Without it the
   * result only joins the album's images.
   */
  onApply?(image: EditedImage, how: ApplyEdit): void;
  /** What 'replace' replaces here (the selected element, or every use in the album), shown with the result. */
  replaceHint?: string;
  /** False when there is nothing to replace (an image the album does not use): only 'add' is offered. */
  canReplace?: boolean;
}

const EXAMPLES = ['example1', 'example2', 'example3', 'example4'] as const;

/** How far along each state is, for the progress bar. */
function progressPercent(state: EditState): number {
  const base: Record<string, number> = {
    idle: 0,
    starting: 5,
    queued: 10,
    requesting: 20,
    request_sent: 30,
    connected: 40,
    request_accepted: 50,
    done: 100,
  };
  if (state.phase === 'progress') return 50 + (40 * state.step) / Math.max(state.totalSteps, 1);
  return base[state.phase] ?? 0;
}

/**
 * SPEC §2 AI edit modal: a prompt (with example prompts), the edit's states with the partial images as they
 * stream in, and the result, which becomes a new image next to the kept original.
 */
export function AiEditModal({
  opened,
  imageId,
  originalUrl,
  onClose,
  onApply,
  replaceHint,
  canReplace = true,
}: AiEditModalProps) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const [state, dispatch] = useReducer(editReducer, initialEditState);
  const closeStream = useRef<() => void>(() => undefined);

  useEffect(() => () => closeStream.current(), []);

  const running = isRunning(state);
  const start = async () => {
    closeStream.current();
    dispatch({ type: 'reset' });
    dispatch({ type: 'start' });
    try {
      const { job_id, stream_token } = await startImageEdit(imageId, prompt.trim());
      closeStream.current = followImageEdit(job_id, stream_token, dispatch);
    } catch {
      dispatch({ type: 'startFailed' });
    }
  };
  const close = () => {
    closeStream.current();
    dispatch({ type: 'reset' });
    setPrompt('');
    onClose();
  };
  const apply = (how: ApplyEdit) => {
    const image = state.image;
    close();
    if (image) onApply?.(image, how);
  };

  const status =
    state.phase === 'progress'
      ? t('aiEdit.states.progress', { step: state.step, total: state.totalSteps })
      : state.phase === 'starting'
        ? t('aiEdit.states.queued')
        : t(`aiEdit.states.${state.phase}`);
  const failure =
    state.failure === 'start_failed'
      ? t('aiEdit.startFailed')
      : state.failure === 'connection_error'
        ? t('aiEdit.connectionError')
        : state.failure === 'edit_failed'
          ? t('aiEdit.editFailed')
          : undefined;

  return (
    <Modal opened={opened} onClose={close} title={t('aiEdit.title')} size="lg" data-testid="ai-edit-modal">
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <Figure label={t('aiEdit.original')} src={originalUrl} />
          <Figure
            label={state.phase === 'done' ? t('aiEdit.result') : t('aiEdit.preview')}
            src={state.preview}
            testId="ai-edit-preview"
          />
        </SimpleGrid>
        <Textarea
          label={t('aiEdit.promptLabel')}
          placeholder={t('aiEdit.promptPlaceholder')}
          value={prompt}
          onChange={(event) => setPrompt(event.currentTarget.value)}
          disabled={running}
          autosize
          minRows={2}
          maxLength={1000}
          data-testid="ai-edit-prompt"
        />
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('aiEdit.examples')}
          </Text>
          <Group gap={6}>
            {EXAMPLES.map((key) => (
              <UnstyledButton
                key={key}
                disabled={running}
                onClick={() => setPrompt(t(`aiEdit.${key}`))}
                style={{
                  fontSize: 12,
                  padding: '2px 10px',
                  borderRadius: 12,
                  background: 'var(--mantine-color-gray-1)',
                }}
              >
                {t(`aiEdit.${key}`)}
              </UnstyledButton>
            ))}
          </Group>
        </Stack>
        {state.phase !== 'idle' && (
          <Stack gap={4} data-testid="ai-edit-status" data-phase={state.phase}>
            {state.phase !== 'error' && (
              <>
                <Progress value={progressPercent(state)} animated={running} />
                <Text size="sm">{status}</Text>
              </>
            )}
          </Stack>
        )}
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={16} />}
            title={failure}
            data-testid="ai-edit-error"
          >
            {state.message}
          </Alert>
        )}
        {state.phase === 'done' && (
          <Text size="sm" c="dimmed" data-testid="ai-edit-result-hint">
            {onApply && canReplace && replaceHint ? replaceHint : t('aiEdit.keepsOriginal')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-testid="ai-edit-close">
            {t('aiEdit.close')}
          </Button>
          {state.phase === 'done' && onApply && (
            <>
              <Button variant="light" onClick={() => apply('add')} data-testid="ai-edit-add">
                {t('aiEdit.addAsNew')}
              </Button>
              {canReplace && (
                <Button onClick={() => apply('replace')} data-testid="ai-edit-replace">
                  {t('aiEdit.replace')}
                </Button>
              )}
            </>
          )}
          {(state.phase === 'idle' || state.phase === 'error') && (
            <Button
              leftSection={<IconSparkles size={16} />}
              onClick={() => void start()}
              disabled={prompt.trim() === ''}
              data-testid="ai-edit-start"
            >
              {state.phase === 'error' ? t('aiEdit.tryAgain') : t('aiEdit.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function Figure({ label, src, testId }: { label: string; src?: string; testId?: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Box
        data-testid={testId}
        style={{
          aspectRatio: '1 / 1',
          background: 'var(--mantine-color-gray-1)',
          borderRadius: 8,
          overflow: 'hidden',
        }}
      >
        {src && <Image src={src} alt={label} fit="contain" h="100%" />}
      </Box>
    </Stack>
  );
}
