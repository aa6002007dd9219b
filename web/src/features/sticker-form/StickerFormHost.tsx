import { Modal, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Album } from '../../api/types.ts';
import { useEditorDoc } from '../editor-tabs/editorHooks.ts';
import { useMobileTabPanel } from '../editor-tabs/useMobileTabPanel.ts';
import { StickerForm } from './StickerForm.tsx';
import { stickerFormTarget } from './stickerFormRoute.ts';

/** SPEC §2: the sticker form is a popup on desktop and inline in the tab on mobile; the URL says which sticker. */
export function StickerFormHost({ album }: { album: Album }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const doc = useEditorDoc();
  const mobile = useMobileTabPanel();
  const target = stickerFormTarget(params);
  // A sticker deleted meanwhile (here or by a collaborator) closes the form.
  const valid =
    target !== null && (target.stickerId === 'new' || Object.hasOwn(doc.stickers, target.stickerId));
  const close = () => navigate(`/album/${encodeURIComponent(album.id)}/stickers`, { replace: true });
  if (!valid) return null;
  const title = target.stickerId === 'new' ? t('structure.form.newTitle') : t('structure.form.editTitle');
  const form = (
    <StickerForm
      key={`${target.stickerId}:${target.cellId ?? ''}`}
      albumId={album.id}
      target={target}
      onClose={close}
    />
  );
  if (mobile) {
    return (
      <Paper withBorder p="sm" radius="md" data-testid="sticker-form-inline" role="region" aria-label={title}>
        {form}
      </Paper>
    );
  }
  return (
    <Modal opened onClose={close} title={title} size="md" data-testid="sticker-form">
      {form}
    </Modal>
  );
}
