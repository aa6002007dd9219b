/**
 * The canvas's low-resolution marks (SPEC §8): a `LowResolutionBadge` in the top-right corner of every placed
 * image (or sticker cell) whose photo is too small for its printed size. Screen space, like the selection overlay.
 */
import { selectionFrame } from '../../editor/transform/frame.ts';
import { useAtomValue } from '../../editor/react.ts';
import { useAtomValueAfterPaint } from '../../editor/ui/useEditorValue.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { boxCornersOnScreen } from '../../editor/ui/geometry.ts';
import { albumImageRegistry, LowResolutionBadge } from '../images/index.ts';
import { useAlbumPreflight } from './albumPreflight.ts';

export function LowResolutionOverlay({ albumId }: { albumId: string }) {
  const editor = useEditor();
  const issues = useAlbumPreflight(albumImageRegistry(albumId));
  const doc = useAtomValueAfterPaint(editor.displayDoc);
  const camera = useAtomValue(editor.camera);
  const drag = useAtomValue(editor.dragDelta);
  if (issues.length === 0 || drag) return null;
  return (
    <div
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}
      data-testid="low-resolution-overlay"
    >
      {issues.map((issue) => {
        const frame = doc.nodes[issue.elementId] ? selectionFrame(doc, [issue.elementId]) : undefined;
        if (!frame) return null;
        const corners = boxCornersOnScreen(camera, frame);
        const right = Math.max(...corners.map((p) => p.x));
        const top = Math.min(...corners.map((p) => p.y));
        return (
          <div
            key={`${issue.elementId}:${issue.imageId}`}
            // max-content: near the viewport's right edge the badge would otherwise shrink to '…'.
            style={{
              position: 'absolute',
              left: right - 4,
              top: top + 4,
              transform: 'translateX(-100%)',
              width: 'max-content',
            }}
            data-element-id={issue.elementId}
          >
            <div style={{ pointerEvents: 'auto' }}>
              <LowResolutionBadge issue={issue} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
