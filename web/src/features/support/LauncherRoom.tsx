import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { supportPlaceOf } from './supportContext.ts';

/** Room kept under the page so the corner button never sits on the footer's last line (narrower screens). */
const LAUNCHER_ROOM_PX = 80;

/**
 * The room under the page for the help widget's corner button, rendered with the page rather than with the widget,
 * which loads after it: kept only once the widget arrived, it moved the footer on a phone (a layout shift).
 */
export function LauncherRoom() {
  const { pathname } = useLocation();
  const place = useMemo(() => supportPlaceOf(pathname), [pathname]);
  if (!place.showLauncher) return null;
  // Wide screens have margin beside the footer's content for the button.
  return <Box aria-hidden h={LAUNCHER_ROOM_PX} bg="white" hiddenFrom="xl" />;
}
