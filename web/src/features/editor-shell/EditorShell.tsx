import '@mantine/core/styles/AppShell.css';
import { AppShell } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
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
import { CanvasRequests } from '../editor-tabs/EditorTabContent.tsx';
import { EditorSidebar, SIDEBAR_WIDTH_PX, useSidebarMinimized } from './EditorSidebar.tsx';
import { EditorTabBar, TAB_BAR_HEIGHT } from './EditorTabBar.tsx';
import { useEditorImages } from './editorImages.ts';
import { useAiImageTools } from './imageTools.tsx';
import { EditorTopBar } from './EditorTopBar.tsx';
import { LowResolutionOverlay } from './LowResolutionOverlay.tsx';
import { UploadProgress } from '../uploads/index.ts';
import { editorPath, type EditorTab, type EditorView } from './editorKeys.ts';
import { SettingsModal } from './SettingsModal.tsx';

interface Props {
  album: Album;
  /** Null on phones at /album/{albumId}: the canvas alone, no tab open. */
  view: EditorView | null;
  tabs: EditorTab[];
}

/** SPEC §2: below 768 px the editor is the reduced mobile editor. */
const MOBILE_QUERY = '(max-width: 767px)';

/**
 * Whether the editor is the phone editor. Read at once rather than after mounting, so /album/{albumId} on a phone
 * shows the canvas instead of first redirecting as desktop does.
 */
export function useMobileEditor(): boolean {
  return useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
}

export function EditorShell({ album, view, tabs }: Props) {
  const navigate = useNavigate();
  const viewer = useViewer();
  const session = getSession();
  const editor = useAlbumEditor(album, {
    isAdmin: viewer.isAdmin,
    userId: session.kind === 'user' ? session.user.sub : undefined,
  });
  // The editor opened with this album's workspace, so the sync starts from its version (an album without one
  // opens blank, and the sync loads it on its first connect).
  const sync = useAlbumSync(editor, album.id, album.workspace ? album.version : undefined);
  useElementCreatedTracking(editor);
  const mobile = useMobileEditor();
  const location = useLocation();
  const sidebarMinimized = useSidebarMinimized(editor, `${view?.tab ?? ''}${location.search}`);
  const tabPath = !view
    ? editorPath(album.id)
    : view.tab === 'background' && view.backgroundSource !== 'images'
      ? editorPath(album.id, view.tab, view.backgroundSource ?? 'images')
      : editorPath(album.id, view.tab);
  // The settings modal hangs under a tab key (SPEC §2 .../{key}/settings); with the canvas alone, the first tab.
  const settingsKey = view?.tab ?? tabs[0] ?? 'onboarding';
  return (
    <EditorProvider editor={editor}>
      <AppShell
        header={{ height: 64 }}
        navbar={
          mobile
            ? undefined
            : {
                width: sidebarMinimized
                  ? SIDEBAR_WIDTH_PX.icons
                  : { base: SIDEBAR_WIDTH_PX.icons, md: SIDEBAR_WIDTH_PX.labelled },
                breakpoint: 0,
              }
        }
        footer={mobile ? { height: TAB_BAR_HEIGHT } : undefined}
        padding={0}
      >
        <AppShell.Header>
          <EditorTopBar
            album={album}
            settingsPath={editorPath(album.id, settingsKey, 'settings', 'general')}
            syncStatus={sync.status}
            presence={<PresenceAvatars presence={sync.presence} max={mobile ? 1 : undefined} />}
          />
        </AppShell.Header>
        {mobile ? (
          <AppShell.Footer>
            <EditorTabBar albumId={album.id} tabs={tabs} active={view?.tab ?? null} />
          </AppShell.Footer>
        ) : (
          <AppShell.Navbar>
            <EditorSidebar
              albumId={album.id}
              tabs={tabs}
              active={view?.tab ?? settingsKey}
              minimized={sidebarMinimized}
              onMinimizedChange={(minimized) => editor.setViewSetting('sidebarMinimized', minimized)}
            />
          </AppShell.Navbar>
        )}
        <AppShell.Main
          h={mobile ? '100dvh' : '100vh'}
          style={{
            background: 'var(--mantine-color-gray-1)',
            // The tab bar grows by the home indicator's inset; the canvas ends above it.
            ...(mobile && {
              paddingBottom: 'calc(var(--app-shell-footer-offset, 0rem) + env(safe-area-inset-bottom))',
            }),
          }}
        >
          <div style={{ display: 'flex', height: '100%' }}>
            {!mobile &&
              view &&
              // Minimized, the panel is gone but what it listens for (sticker-cell double-clicks, drops) is not.
              (sidebarMinimized ? (
                <CanvasRequests albumId={album.id} />
              ) : (
                <EditorTabPanel album={album} view={view} />
              ))}
            {/* On phones the tab sheet sits below the canvas, not over it: the canvas's own bars (Undo, Redo,
                History, the page box) stay whole above the sheet. */}
            <div
              style={{
                flex: 1,
                minWidth: 0,
                position: 'relative',
                display: 'flex',
                flexDirection: 'column',
              }}
            >
              <div style={{ flex: 1, minHeight: 0, position: 'relative' }} data-testid="canvas-area">
                <AlbumWorkspace
                  album={album}
                  presence={sync.presence}
                  mobile={mobile}
                  // The background tab's images panel shows the uploads itself.
                  showUploads={
                    mobile || !view || view.tab !== 'background' || view.backgroundSource === 'stock'
                  }
                />
              </div>
              {mobile &&
                (view ? <MobileTabSheet album={album} view={view} /> : <CanvasRequests albumId={album.id} />)}
            </div>
          </div>
        </AppShell.Main>
        <SettingsModal
          album={album}
          mobile={mobile}
          tab={view?.settingsTab}
          onTabChange={(tab) =>
            navigate(editorPath(album.id, settingsKey, 'settings', tab), { replace: true })
          }
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
