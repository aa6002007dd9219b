import { TextInput } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateAlbum } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';
import { isoDay, isPastDay } from '../../ui/format.ts';
import { notify, notifyError } from '../../ui/notify.ts';

/** The album's event date; read-only in preview mode (approved for print), where the server refuses changes. */
export function ReleaseDateInput({ album, readOnly = false }: { album: Album; readOnly?: boolean }) {
  const { releaseDate } = album;
  const { t } = useTranslation();
  const updateAlbum = useUpdateAlbum(album.id, album.language);
  return (
    <TextInput
      type="date"
      size="xs"
      aria-label={t('editor.releaseDate')}
      leftSection={<IconCalendarEvent size={16} />}
      defaultValue={isoDay(releaseDate)}
      readOnly={readOnly}
      key={releaseDate ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (!value || readOnly) return;
        updateAlbum.mutate(
          { releaseDate: value },
          {
            onError: notifyError,
            // Allowed (an event that already happened), but mostly a typo in the year: say so.
            onSuccess: () => {
              if (isPastDay(value)) notify.warning(t('releaseDate.past'));
            },
          },
        );
      }}
      data-testid="editor-release-date"
    />
  );
}
