import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { truncateLabel } from '../../editor/ui/LayersPanel.tsx';
import { useTranslation } from 'react-i18next';
import { useUpdateAlbum } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';
import { notify, notifyError } from '../../ui/notify.ts';

/**
 * SPEC §5: the album title may not be empty; an empty title is not saved and the old one returns. Shown
 * truncated at 20 characters with the whole title in a tooltip; the whole title while it is being edited.
 */
export function AlbumTitleInput({ album, readOnly = false }: { album: Album; readOnly?: boolean }) {
  const { title } = album;
  const { t } = useTranslation();
  const updateAlbum = useUpdateAlbum(album.id, album.language);
  const [draft, setDraft] = useState(title);
  const [editedFrom, setEditedFrom] = useState(title);
  const [editing, setEditing] = useState(false);
  if (editedFrom !== title) {
    // The server's title changed (save, reload): show it unless the user is mid-edit.
    setEditedFrom(title);
    setDraft(title);
  }

  const commit = () => {
    const next = draft.trim();
    if (!next) {
      notify.warning(t('editor.titleEmpty'));
      setDraft(title);
      return;
    }
    if (next === title) return;
    updateAlbum.mutate({ title: next }, { onError: (error) => (notifyError(error), setDraft(title)) });
  };

  return (
    <TextInput
      value={editing ? draft : truncateLabel(draft)}
      readOnly={readOnly}
      title={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onFocus={() => setEditing(true)}
      onBlur={() => {
        setEditing(false);
        if (!readOnly) commit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') setDraft(title);
      }}
      aria-label={t('editor.albumTitle')}
      variant="unstyled"
      size="md"
      fw={800}
      maxLength={120}
      styles={{ input: { fontWeight: 800, fontSize: 18 } }}
      data-testid="editor-album-title"
    />
  );
}
