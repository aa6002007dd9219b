import '@mantine/core/styles/AppShell.css';
import { AppShell } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { Album } from '../../api/types.ts';
import { useMediaQuery } from '@mantine/hooks';
import { getSession } from '../../auth/session.ts';
import { useViewer } from '../../auth/session.ts';
import { EditorWorkspace } from '../../editor/ui/EditorWorkspace.tsx';
import { useAlbumEditor } from '../../editor/ui/useAlbumEditor.ts';
import { useAlbumSync, type AlbumSyncView } from '../../editor/ui/useAlbumSync.ts';
import { EditorProvider, useEditor } from '../../editor/ui/EditorContext.tsx';
import { useElementCreatedTracking } from '../../analytics/index.ts';
import { PresenceAvatars } from '../presence/PresenceAvatars.tsx';
import { RemoteSelections } from '../presence/RemoteSelections.tsx';
import { EditorTabPanel } from '../editor-tabs/EditorTabPanel.tsx';
import { MobileTabSheet } from '../editor-tabs/MobileTabSheet.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { useEditorImages } from './editorImages.ts';
import { useAiImageTools } from './imageTools.tsx';
import { EditorTopBar } from './EditorTopBar.tsx';
import { LowResolutionOverlay } from './LowResolutionOverlay.tsx';
import { UploadProgress } from '../uploads/index.ts';
import { editorPath, type EditorTab, type EditorView } from './editorKeys.ts';
import { SettingsModal } from './SettingsModal.tsx';

interface Props {
  album: Album;
  view: EditorView;
  tabs: EditorTab[];
}

/** SPEC §2: below 768 px the editor is the reduced mobile editor. */
export const MOBILE_QUERY = '(max-width: 767px)';

export function EditorShell({ album, view, tabs }: Props) {
  const navigate = useNavigate();
  const viewer = useViewer();
  const session = getSession();
  const editor = useAlbumEditor(album, {
    isAdmin: viewer.isAdmin,
    userId: session.kind === 'user' ? session.user.sub : undefined,
  });
  const sync = useAlbumSync(editor, album.id);
  useElementCreatedTracking(editor);
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const tabPath =
    view.tab === 'background' && view.backgroundSource !== 'images'
      ? editorPath(album.id, view.tab, view.backgroundSource ?? 'images')
      : editorPath(album.id, view.tab);
  return (
    <EditorProvider editor={editor}>
      <AppShell header={{ height: 64 }} navbar={{ width: { base: 68, md: 220 }, breakpoint: 0 }} padding={0}>
        <AppShell.Header>
          <EditorTopBar
            album={album}
            settingsPath={editorPath(album.id, view.tab, 'settings', 'general')}
            syncStatus={sync.status}
            presence={<PresenceAvatars presence={sync.presence} />}
          />
        </AppShell.Header>
        <AppShell.Navbar>
          <EditorSidebar albumId={album.id} tabs={tabs} active={view.tab} />
        </AppShell.Navbar>
        <AppShell.Main h="100vh" style={{ background: 'var(--mantine-color-gray-1)' }}>
          <div style={{ display: 'flex', height: '100%' }}>
            {!mobile && <EditorTabPanel album={album} view={view} />}
            <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
              <AlbumWorkspace
                album={album}
                presence={sync.presence}
                mobile={mobile}
                // The background tab's images panel shows the uploads itself.
                showUploads={mobile || view.tab !== 'background' || view.backgroundSource === 'stock'}
              />
              {mobile && <MobileTabSheet album={album} view={view} />}
            </div>
          </div>
        </AppShell.Main>
        <SettingsModal
          album={album}
          mobile={mobile}
          tab={view.settingsTab}
          onTabChange={(tab) => navigate(editorPath(album.id, view.tab, 'settings', tab), { replace: true })}
          onClose={() => navigate(tabPath)}
        />
      </AppShell>
    </EditorProvider>
  );
}

/** The workspace with the album's images (uploads and stock photos) and their low-resolution marks. */
function AlbumWorkspace({
  album,
  presence,
  mobile,
  showUploads,
}: {
  album: Album;
  presence: AlbumSyncView['presence'];
  mobile: boolean;
  showUploads: boolean;
}) {
  const editor = useEditor();
  // Here rather than in the shell: a newly known image redraws the canvas, not the sidebar and top bar.
  const images = useEditorImages(album.id);
  const imageTools = useAiImageTools(album.id, images.registry);
  return (
    <>
      <EditorWorkspace
        albumId={album.id}
        albumTitle={album.title}
        mobile={mobile}
        imageUrlFor={images.imageUrlFor}
        imageSizeFor={images.imageSizeFor}
        canvasOverlay={
          <>
            <LowResolutionOverlay albumId={album.id} />
            <RemoteSelections editor={editor} presence={presence} />
          </>
        }
        imageTools={imageTools}
      />
      {showUploads && (
        <div style={{ position: 'absolute', left: 12, bottom: 12, width: 280, zIndex: 150 }}>
          <UploadProgress />
        </div>
      )}
    </>
  );
}
