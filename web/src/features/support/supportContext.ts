import { matchRoutes } from 'react-router-dom';
import { ROUTES } from '../../app/routeTable.ts';

const ROUTE_OBJECTS = ROUTES.map((route) => ({ path: route.path, entry: route }));

/** Where the help widget is: which screen, and the album it is about (SPEC §7: identified with the album id). */
export interface SupportPlace {
  screen: string | null;
  albumId: string | null;
  /** The corner button shows on pages with the app header; the editor has it in its help menu instead. */
  showLauncher: boolean;
  /** The print renderer, template previews and the public sticker form never load a chat from elsewhere. */
  allowChat: boolean;
}

const ALBUM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Screens with an action bar of their own along the bottom (on phones): help stays in the header's menu there. The
 * checkout's Next and order buttons end its steps at the bottom right, where the corner button would cover them.
 */
const OWN_BOTTOM_BAR = new Set(['wizard', 'wizardConfirm', 'checkout']);

export function supportPlaceOf(pathname: string): SupportPlace {
  const match = matchRoutes(ROUTE_OBJECTS, pathname)?.at(-1);
  const entry = match?.route.entry;
  const albumId = match?.params.albumId;
  return {
    screen: entry?.screen ?? null,
    albumId: albumId && ALBUM_ID.test(albumId) && entry?.screen !== 'render' ? albumId : null,
    showLauncher: !entry?.bare && !OWN_BOTTOM_BAR.has(entry?.screen ?? ''),
    allowChat: !entry?.bare || entry.screen === 'editor',
  };
}
