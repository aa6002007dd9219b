/**
 * First-time hints (SPEC §4, §9): each hint appears 3 s after the editor opens and disappears 5 s later, once
 * per browser (remembered in local storage), so returning users are not nagged.
 */
import { Notification } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HINT_TIMING_MS } from '../state/viewSettings.ts';

const SEEN_KEY = 'stickerbook.editorHints.seen';
const HINTS = ['doubleClickText', 'dragToMove', 'zoom'] as const;

function seenHints(): string[] {
  try {
    return JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

export function Hints({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [hint, setHint] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const next = HINTS.find((h) => !seenHints().includes(h));
    if (!next) return;
    const show = setTimeout(() => {
      setHint(next);
      localStorage.setItem(SEEN_KEY, JSON.stringify([...seenHints(), next]));
    }, HINT_TIMING_MS.showAfter);
    const hide = setTimeout(() => setHint(null), HINT_TIMING_MS.showAfter + HINT_TIMING_MS.hideAfter);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [enabled]);
  if (!hint) return null;
  return (
    <Notification
      icon={<IconBulb size={18} />}
      color="yellow"
      withCloseButton
      onClose={() => setHint(null)}
      style={{
        position: 'absolute',
        left: '50%',
        bottom: 24,
        transform: 'translateX(-50%)',
        zIndex: 7,
        maxWidth: 420,
      }}
      data-testid="editor-hint"
    >
      {t(`editorUi.hints.${hint}`)}
    </Notification>
  );
}
