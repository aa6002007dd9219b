import type { OrderCommentView } from '@stickerbook/api';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm.tsx';
import { errorMessage, notify } from '../../../ui/notify.ts';
import { formatDateTime } from '../format.ts';
import { useCreateComment, useDeleteComment, useOrderComments, useUpdateComment } from './queries.ts';

function CommentRow({ orderId, comment }: { orderId: string; comment: OrderCommentView }) {
  const { t } = useTranslation();
  const update = useUpdateComment(orderId);
  const remove = useDeleteComment(orderId);
  const [draft, setDraft] = useState<string | null>(null);
  const failed = (error: unknown) =>
    notify.error(t('orderAdmin.updateFailed', { message: errorMessage(error) }));

  const askDelete = async () => {
    const ok = await confirm({
      title: t('orderAdmin.comments.deleteTitle'),
      message: t('orderAdmin.comments.confirmDelete'),
      confirmLabel: t('orderAdmin.delete'),
      danger: true,
    });
    if (ok)
      remove.mutate(comment.id, {
        onError: (error) => notify.error(t('orderAdmin.deleteFailed', { message: errorMessage(error) })),
      });
  };

  return (
    <Paper withBorder p="sm" data-testid="order-comment" data-completed={comment.completed || undefined}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          mt={2}
          checked={comment.completed}
          aria-label={t('orderAdmin.comments.completed')}
          onChange={(event) =>
            update.mutate({ id: comment.id, completed: event.currentTarget.checked }, { onError: failed })
          }
          data-testid="comment-completed"
        />
        <Stack gap={4} flex={1}>
          {draft === null ? (
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap' }}
              td={comment.completed ? 'line-through' : undefined}
              c={comment.completed ? 'dimmed' : undefined}
            >
              {comment.content}
            </Text>
          ) : (
            <Stack gap="xs">
              <Textarea
                autosize
                minRows={2}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
              />
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  size="xs"
                  disabled={!draft.trim()}
                  loading={update.isPending}
                  onClick={() =>
                    update.mutate(
                      { id: comment.id, content: draft.trim() },
                      { onSuccess: () => setDraft(null), onError: failed },
                    )
                  }
                >
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          )}
          <Text size="xs" c="dimmed">
            {comment.email} · {formatDateTime(comment.created_at)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('orderAdmin.edit')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setDraft(comment.content)}
              aria-label={t('orderAdmin.edit')}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('orderAdmin.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => void askDelete()}
              aria-label={t('orderAdmin.delete')}
              data-testid="comment-delete"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** SPEC §2 order comments: staff notes with a completed toggle, edit and delete (confirmed), SPEC §8 messages. */
export function OrderComments({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const comments = useOrderComments(orderId);
  const create = useCreateComment(orderId);
  const [content, setContent] = useState('');

  const submit = () => {
    // SPEC §5: a new order comment cannot be empty.
    if (!content.trim()) return;
    create.mutate(content.trim(), {
      onSuccess: () => setContent(''),
      onError: () => notify.error(t('orderAdmin.comments.createFailed')),
    });
  };

  return (
    <Paper withBorder p="lg" data-testid="order-comments">
      <Title order={3} mb="md">
        {t('orderAdmin.comments.title')}
      </Title>
      <Stack gap="sm">
        {comments.isError && (
          <Alert color="red" data-testid="comments-error">
            {t('orderAdmin.comments.loadFailed')}
          </Alert>
        )}
        {comments.data?.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('orderAdmin.comments.empty')}
          </Text>
        )}
        {comments.data?.map((comment) => (
          <CommentRow key={comment.id} orderId={orderId} comment={comment} />
        ))}
        <Textarea
          placeholder={t('orderAdmin.comments.placeholder')}
          autosize
          minRows={2}
          maxLength={5000}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          data-testid="comment-input"
        />
        <Group justify="flex-end">
          <Button
            onClick={submit}
            disabled={!content.trim()}
            loading={create.isPending}
            data-testid="comment-submit"
          >
            {t('orderAdmin.comments.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
