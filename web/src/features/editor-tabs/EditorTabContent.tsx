import { ScrollArea } from '@mantine/core';
import { EDITOR_TAB_PANELS } from './panels.ts';
import { useOpenStickerRequests } from './stickers/useOpenStickerRequests.ts';
import { useCanvasDrops } from './useCanvasDrops.ts';
import type { TabPanelProps } from './types.ts';

/**
 * The sidebar panel of the active editor tab (SPEC §2), for the editor shell to render inside the
 * EditorProvider; a tab without a panel (checkout opens its own page) renders nothing here.
 * Also answers the canvas's double-click on a sticker cell by opening the sticker form, and takes the sidebar's
 * sticker and layout drops on the canvas.
 */
export function EditorTabContent({ album, view }: TabPanelProps) {
  useOpenStickerRequests(album.id);
  useCanvasDrops(album.id);
  const Panel = EDITOR_TAB_PANELS[view.tab];
  if (!Panel) return null;
  return (
    <ScrollArea h="100%" type="auto" data-testid="editor-tab-content" data-tab={view.tab}>
      <div style={{ padding: 12 }}>
        <Panel album={album} view={view} />
      </div>
    </ScrollArea>
  );
}

/**
 * What the panel content listens for when no panel is open (the phone's canvas alone at /album/{albumId}):
 * double-tapping a sticker cell still opens its sticker form, and drops on the canvas still land.
 */
export function CanvasRequests({ albumId }: { albumId: string }) {
  useOpenStickerRequests(albumId);
  useCanvasDrops(albumId);
  return null;
}
