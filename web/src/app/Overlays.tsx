/**
 * The app-wide layers nothing needs for the first paint: toasts and the dialogs opened through `modals`
 * (ui/confirm.tsx). Loaded right after the first render (App.tsx) so the start page's bundle does not carry them.
 */
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../ui/notify.ts';

export default function Overlays({ onReady }: { onReady: () => void }) {
  // Runs after the provider below has subscribed to the dialog events (a child's effects run first).
  useEffect(onReady, [onReady]);
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />
    </>
  );
}
