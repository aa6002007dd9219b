/**
 * Connects the editor to saving & realtime (issue 6: `startAlbumSync({ editor, albumId })` in web/src/sync).
 * The module is looked up with import.meta.glob so the editor builds and runs before that module exists; once
 * web/src/sync/index.ts lands, it is picked up without a change here. Without it the status is 'unavailable'.
 */
import { useEffect, useState } from 'react';
import type { Editor } from '../Editor.ts';
import { Atom, type ReadonlyAtom } from '../state/atom.ts';
import type { RemoteUser } from '../../sync/transport.ts';

export type SyncStatus = 'saved' | 'saving' | 'offline' | 'error' | 'unavailable';

interface SyncModule {
  startAlbumSync(options: { editor: Editor; albumId: string }): {
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

const syncModules = import.meta.glob<SyncModule>('../../sync/index.ts');
const UNAVAILABLE: AlbumSyncView = {
  status: new Atom<SyncStatus>('unavailable'),
  presence: new Atom<readonly RemoteUser[]>([]),
};

export function useAlbumSync(editor: Editor, albumId: string): AlbumSyncView {
  const [view, setView] = useState<AlbumSyncView>(UNAVAILABLE);
  useEffect(() => {
    const load = Object.values(syncModules)[0];
    if (!load) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void load().then((module) => {
      if (stopped) return;
      const sync = module.startAlbumSync({ editor, albumId });
      stop = () => sync.stop();
      setView({ status: sync.status, presence: sync.presence });
    });
    return () => {
      stopped = true;
      stop?.();
      setView(UNAVAILABLE);
    };
  }, [editor, albumId]);
  return view;
}
