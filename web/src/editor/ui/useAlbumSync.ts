/**
 * Connects the editor to saving & realtime (issue 6: `startAlbumSync({ editor, albumId })` in web/src/sync).
 * The module is imported on demand (its own chunk, with the socket client), and it is a real import: an editor
 * without it does not build, instead of running without saving. Until it has loaded the status is 'unavailable'.
 */
import { useEffect, useState } from 'react';
import type { Editor } from '../Editor.ts';
import { Atom, type ReadonlyAtom } from '../state/atom.ts';
import type { RemoteUser } from '../../sync/transport.ts';

export type SyncStatus = 'saved' | 'saving' | 'offline' | 'error' | 'unavailable';

interface SyncModule {
  startAlbumSync(options: { editor: Editor; albumId: string; openedVersion?: number }): {
    status: ReadonlyAtom<Exclude<SyncStatus, 'unavailable'>>;
    presence: ReadonlyAtom<readonly RemoteUser[]>;
    stop(): void;
  };
}

export interface AlbumSyncView {
  status: ReadonlyAtom<SyncStatus>;
  /** Other people in the album right now, with their selections (SPEC §3 Multiplayer). */
  presence: ReadonlyAtom<readonly RemoteUser[]>;
}

const loadSync = (): Promise<SyncModule> => import('../../sync/index.ts');
const UNAVAILABLE: AlbumSyncView = {
  status: new Atom<SyncStatus>('unavailable'),
  presence: new Atom<readonly RemoteUser[]>([]),
};

/**
 * `openedVersion`: the server version of the document the editor was created with, so the first connect catches up
 * from the mutation log instead of loading the album again. Read once, when the sync starts.
 */
export function useAlbumSync(editor: Editor, albumId: string, openedVersion?: number): AlbumSyncView {
  const [startVersion] = useState(openedVersion);
  const [view, setView] = useState<AlbumSyncView>(UNAVAILABLE);
  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | undefined;
    void loadSync().then((module) => {
      if (stopped) return;
      const sync = module.startAlbumSync({ editor, albumId, openedVersion: startVersion });
      stop = () => sync.stop();
      setView({ status: sync.status, presence: sync.presence });
    });
    return () => {
      stopped = true;
      stop?.();
      setView(UNAVAILABLE);
    };
  }, [editor, albumId, startVersion]);
  return view;
}
