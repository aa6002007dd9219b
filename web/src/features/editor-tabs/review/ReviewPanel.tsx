import { Alert, Anchor, Badge, Button, Divider, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconLockOpen, IconMessage, IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Album } from '../../../api/types.ts';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { useAtomValue } from '../../../editor/react.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { errorMessage, notify } from '../../../ui/notify.ts';
import { useJumpToSpread, useTopBarPreflight } from '../../editor-shell/albumPreflight.ts';
import { editorPath } from '../../editor-shell/editorKeys.ts';
import { groupProblems } from '../../editor-shell/problemGroups.ts';
import { ProblemGroups } from '../../editor-shell/ProblemGroups.tsx';
import { albumImageRegistry } from '../../images/index.ts';
import { useReviewAction } from '../../orders/queries.ts';
import { ProofDownloadButton } from '../../proof/ProofDownloadButton.tsx';
import type { TabPanelProps } from '../types.ts';
import { AlbumSizeLine } from './AlbumSizeLine.tsx';

/** Feedback is a note to the print shop; long enough for a list of fixes. */
const FEEDBACK_MAX_LENGTH = 1000;

type OrderedAlbum = Album & { lastOrderId?: string | null };

/**
 * SPEC §2/§4 review tab (shown once the album has an order): check the proof, then approve the print, which
 * locks the album for everyone but admins, or, once approved, send feedback, which unlocks it again. Each
 * action is offered only in the state that allows it and asks for confirmation first. While the album has
 * preflight errors (SPEC §5; the server refuses the approval with ALBUM_HAS_ERRORS) they are listed here, grouped
 * like the top bar's, and the approval waits for them.
 */
export function ReviewPanel({ album }: TabPanelProps) {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  const { locked } = useAtomValue(editor.access);
  const orderId = (album as OrderedAlbum).lastOrderId ?? null;
  const review = useReviewAction(orderId, album.id);
  const [message, setMessage] = useState('');
  const preflight = useTopBarPreflight(albumImageRegistry(album.id));
  const problems = useMemo(
    () => groupProblems(preflight.filter((entry) => entry.severity === 'error')),
    [preflight],
  );
  const jump = useJumpToSpread();
  const navigate = useNavigate();

  const reviewError = (error: unknown) => {
    notify.error(errorMessage(error, i18n, 'review'));
  };

  const approve = async () => {
    const ok = await confirm({
      title: t('review.approve.confirmTitle'),
      message: t('review.approve.confirmMessage'),
      confirmLabel: t('review.approve.action'),
    });
    if (!ok) return;
    review.mutate(
      { action: 'print_approval' },
      {
        onSuccess: () => {
          editor.setAccess({ locked: true });
          notify.success(t('review.approve.done'));
        },
        onError: reviewError,
      },
    );
  };

  const sendFeedback = async () => {
    const ok = await confirm({
      title: t('review.feedback.confirmTitle'),
      message: t('review.feedback.confirmMessage'),
      confirmLabel: t('review.feedback.action'),
    });
    if (!ok) return;
    review.mutate(
      { action: 'submit_review', message: message.trim() },
      {
        onSuccess: () => {
          editor.setAccess({ locked: false });
          setMessage('');
          notify.success(t('review.feedback.done'));
        },
        onError: reviewError,
      },
    );
  };

  return (
    <Stack gap="md" data-testid="review-panel">
      <Group justify="space-between" align="center">
        <Title order={4}>{t('review.title')}</Title>
        <Badge
          color={locked ? 'teal' : 'orange'}
          variant="light"
          leftSection={locked ? <IconLock size={12} /> : <IconLockOpen size={12} />}
          data-testid="review-state"
          data-locked={locked ? 'true' : 'false'}
        >
          {locked ? t('review.state.approved') : t('review.state.inReview')}
        </Badge>
      </Group>
      <Text size="sm">{locked ? t('review.intro.approved') : t('review.intro.inReview')}</Text>
      {!orderId && <Alert color="yellow">{t('review.noOrder')}</Alert>}

      <AlbumSizeLine />
      {!locked && problems.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('review.problems')}
          data-testid="review-problems"
        >
          <ProblemGroups
            groups={problems}
            onPlace={(place) =>
              place.spreadId
                ? jump(place.spreadId, place.elementId)
                : void navigate(editorPath(album.id, 'stickers'))
            }
          />
        </Alert>
      )}

      <Divider label={t('review.proof.title')} labelPosition="left" />
      <ProofDownloadButton albumId={album.id} />

      <Divider label={t('review.approve.title')} labelPosition="left" />
      <Text size="sm" c="dimmed">
        {t('review.approve.body')}
      </Text>
      <Button
        leftSection={<IconPrinter size={16} />}
        color="teal"
        disabled={locked || !orderId || problems.length > 0}
        loading={review.isPending && review.variables?.action === 'print_approval'}
        onClick={() => void approve()}
        data-testid="review-approve"
      >
        {t('review.approve.action')}
      </Button>

      <Divider label={t('review.feedback.title')} labelPosition="left" />
      <Textarea
        label={t('review.feedback.label')}
        description={locked ? undefined : t('review.feedback.onlyWhenApproved')}
        placeholder={t('review.feedback.placeholder')}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value.slice(0, FEEDBACK_MAX_LENGTH))}
        autosize
        minRows={3}
        maxRows={8}
        disabled={!locked}
        data-testid="review-message"
      />
      <Button
        variant="light"
        leftSection={<IconMessage size={16} />}
        disabled={!locked || !orderId || message.trim() === ''}
        loading={review.isPending && review.variables?.action === 'submit_review'}
        onClick={() => void sendFeedback()}
        data-testid="review-feedback"
      >
        {t('review.feedback.action')}
      </Button>

      {orderId && (
        <Anchor component={Link} to={`/orders/${encodeURIComponent(orderId)}`} size="sm">
          {t('review.viewOrder')}
        </Anchor>
      )}
    </Stack>
  );
}
