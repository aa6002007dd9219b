/**
 * Saving and real-time collaboration (issue 6). The editor UI calls
 *
 *   const sync = startAlbumSync({ editor, albumId });   // sync.status: 'saved' | 'saving' | 'offline' | 'error'
 *   ...
 *   sync.stop();
 *
 * and may mount `<PresenceAvatars presence={sync.presence} />` in the top bar and
 * `<RemoteSelections editor={editor} presence={sync.presence} />` inside the canvas viewport.
 */
import i18n from 'i18next';
import type { Editor } from '../editor/Editor.ts';
import type { Atom } from '../editor/state/atom.ts';
import { queryClient } from '../app/queryClient.ts';
import { stickerUploadsQueryKey } from '../features/sticker-link/queries.ts';
import { notify } from '../ui/notify.ts';
import { AlbumSync, type SyncStatus } from './albumSync.ts';
import { forgetLeaving, isLeaving } from './leaving.ts';
import { indexedDbOutboxStore, type OutboxStore } from './outboxStore.ts';
import { socketTransport, type RemoteUser, type SyncTransport } from './transport.ts';

export { PresenceAvatars } from '../features/presence/PresenceAvatars.tsx';
export { RemoteSelections } from '../features/presence/RemoteSelections.tsx';
export { AlbumSync, AUTOSAVE_DELAY_MS, FLUSH_ABOVE_PATHS, type SyncStatus } from './albumSync.ts';
export type { RemoteUser } from './transport.ts';

export interface AlbumSyncHandle {
  status: Atom<SyncStatus>;
  /** Local changes the server has not acknowledged yet. */
  pending: Atom<number>;
  /** Everyone else with the album open, with their colour and selection. */
  presence: Atom<readonly RemoteUser[]>;
  /** Sends queued changes now instead of after the autosave delay. */
  flush(): void;
  stop(): void;
}

export function startAlbumSync(options: {
  editor: Editor;
  albumId: string;
  /** The server version of the document the editor opened with; see `AlbumSyncOptions.openedVersion`. */
  openedVersion?: number;
  transport?: SyncTransport;
  store?: OutboxStore;
}): AlbumSyncHandle {
  forgetLeaving(options.albumId);
  const sync = new AlbumSync({
    editor: options.editor,
    albumId: options.albumId,
    openedVersion: options.openedVersion,
    transport: options.transport ?? socketTransport(options.albumId),
    store: options.store ?? indexedDbOutboxStore(),
    notices: {
      offline: () => notify.warning(i18n.t('sync.offline')),
      mergeError: () => notify.error(i18n.t('sync.mergeError')),
      locked: () => notify.warning(i18n.t('sync.locked')),
      accessLost: () => {
        if (!isLeaving(options.albumId)) notify.error(i18n.t('sync.accessLost'));
      },
    },
    // Issue 22 item 9: a contributor's photo is in the sticker link panel within a second, not at its 30 s poll.
    onStickerUploadsChanged: () =>
      void queryClient.invalidateQueries({ queryKey: stickerUploadsQueryKey(options.albumId) }),
  });
  exposeForBrowserTests(options.albumId, options.editor, sync);
  return {
    status: sync.status,
    pending: sync.pending,
    presence: sync.presence,
    flush: () => sync.flush(),
    stop: () => sync.stop(),
  };
}

/**
 * Development builds, or a browser where `localStorage['stickerbook.debug'] = '1'` was set by hand: the browser
 * tests (e2e/realtime.test.ts) drive the engine of a running editor through `window.__stickerbook`. Nothing is
 * exposed otherwise; the flag gives a page script nothing it could not already reach.
 */
function exposeForBrowserTests(albumId: string, editor: Editor, sync: AlbumSync): void {
  let debug = import.meta.env.DEV;
  try {
    debug ||= localStorage.getItem('stickerbook.debug') === '1';
  } catch {
    // storage disabled
  }
  if (debug) (window as unknown as { __stickerbook?: unknown }).__stickerbook = { albumId, editor, sync };
}
