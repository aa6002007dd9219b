/**
 * Banners over the canvas: the preview-mode notice of a locked album (SPEC §4, non-admins), the mobile alert
 * offering to continue on a laptop (SPEC §2: send a link by e-mail or share it), and translated engine errors.
 */
import { Alert, Button, Group } from '@mantine/core';
import { IconDeviceLaptop, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../ui/notify.ts';
import { errorText } from '../../i18n/errorText.ts';
import { reportClientError } from '../../ui/reportClientError.ts';
import { useAtomValue } from '../react.ts';
import { useEditor } from './EditorContext.tsx';
import { CANVAS_UI_ATTRIBUTE } from './useCanvasInput.ts';

export function LockedNotice() {
  const { t } = useTranslation();
  const editor = useEditor();
  const access = useAtomValue(editor.access);
  if (!access.locked || access.isAdmin) return null;
  return (
    <Alert
      {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
      icon={<IconLock size={18} />}
      color="orange"
      title={t('editorUi.locked.title')}
      style={{
        position: 'absolute',
        top: 12,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 6,
        maxWidth: 520,
      }}
      data-testid="locked-notice"
    >
      {t('editorUi.locked.body')}
    </Alert>
  );
}

const MOBILE_ALERT_KEY = 'stickerbook.mobileAlert.dismissed';

export function MobileAlert({ albumTitle }: { albumTitle: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => sessionStorage.getItem(MOBILE_ALERT_KEY) !== '1');
  if (!open) return null;
  const url = window.location.href;
  const share = async () => {
    try {
      await navigator.share({ title: albumTitle, url });
    } catch {
      // Cancelled or unsupported: the e-mail link is still there.
    }
  };
  const close = () => {
    sessionStorage.setItem(MOBILE_ALERT_KEY, '1');
    setOpen(false);
  };
  return (
    <Alert
      {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
      icon={<IconDeviceLaptop size={18} />}
      title={t('editorUi.mobile.title')}
      withCloseButton
      onClose={close}
      style={{ position: 'absolute', top: 8, left: 8, right: 8, zIndex: 7 }}
      data-testid="mobile-alert"
    >
      {t('editorUi.mobile.body')}
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          component="a"
          href={`mailto:?subject=${encodeURIComponent(albumTitle)}&body=${encodeURIComponent(url)}`}
          data-testid="mobile-email-link"
        >
          {t('editorUi.mobile.email')}
        </Button>
        {typeof navigator.share === 'function' && (
          <Button size="xs" variant="light" onClick={() => void share()}>
            {t('editorUi.mobile.share')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/**
 * Engine errors (ALBUM_LOCKED, ADMIN_ONLY, AUTOMATIC_TEXT_READ_ONLY, model codes) as translated toasts. Invalid
 * clipboard content (SPEC §8) is also reported to the server's log, with the reason but not the content.
 */
export function useEditorErrorToasts(): void {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  useEffect(
    () =>
      editor.errors.on((error) => {
        if (error.code === 'INVALID_CLIPBOARD') {
          reportClientError(new Error(`Invalid clipboard content pasted: ${error.message ?? 'unknown'}`));
        }
        const text = errorText(error.code, { language: i18n });
        if (error.code === 'AUTOMATIC_TEXT_READ_ONLY') notify.info(text);
        else notify.warning(text);
      }),
    [editor, t, i18n],
  );
}
