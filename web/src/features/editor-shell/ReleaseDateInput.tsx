import { IconCalendarEvent } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAlbum } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';
import { DateField } from '../../ui/DateField.tsx';
import { isoDay, isPastDay } from '../../ui/format.ts';
import { notify, notifyError } from '../../ui/notify.ts';

/**
 * The album's event date in the UI language's format (15.05.2027 in German, issue 22 item 11); read-only in preview
 * mode (approved for print), where the server refuses changes. A day picked in the calendar is saved at once; a
 * typed one when the field is left or Enter is pressed, so the half-typed days on the way (15.05.20) are not.
 */
export function ReleaseDateInput({ album, readOnly = false }: { album: Album; readOnly?: boolean }) {
  const saved = isoDay(album.releaseDate);
  const { t } = useTranslation();
  const updateAlbum = useUpdateAlbum(album.id, album.language);
  const [draft, setDraft] = useState(saved);
  const [shownSaved, setShownSaved] = useState(saved);
  const typing = useRef(false);
  if (shownSaved !== saved) {
    // The server's date changed (save, another editor): show it.
    setShownSaved(saved);
    setDraft(saved);
  }

  const commit = (value: string) => {
    typing.current = false;
    if (!value || value === saved || readOnly) return;
    updateAlbum.mutate(
      { releaseDate: value },
      {
        onError: (error) => (notifyError(error), setDraft(saved)),
        // Allowed (an event that already happened), but mostly a typo in the year: say so.
        onSuccess: () => {
          if (isPastDay(value)) notify.warning(t('releaseDate.past'));
        },
      },
    );
  };

  return (
    <DateField
      size="xs"
      w={150}
      aria-label={t('editor.releaseDate')}
      leftSection={<IconCalendarEvent size={16} />}
      value={draft}
      readOnly={readOnly}
      onChange={(value) => {
        setDraft(value);
        if (!typing.current) commit(value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
        else if (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete')
          typing.current = true;
      }}
      onBlur={() => commit(draft)}
      popoverProps={{ withinPortal: true }}
      data-testid="editor-release-date"
    />
  );
}
