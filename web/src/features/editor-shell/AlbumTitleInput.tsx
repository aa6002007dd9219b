import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAlbum } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';
import { notify, notifyError } from '../../ui/notify.ts';

/** SPEC §5: the album title may not be empty; an empty title is not saved and the old one returns. */
export function AlbumTitleInput({ album }: { album: Album }) {
  const { title } = album;
  const { t } = useTranslation();
  const updateAlbum = useUpdateAlbum(album.id, album.language);
  const [draft, setDraft] = useState(title);
  const [editedFrom, setEditedFrom] = useState(title);
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
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
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
