/**
 * Other people's selections on the canvas, each framed in that person's colour with a name tag (SPEC §3
 * "per-user selections"). Screen-space SVG like the editor's own overlays: mount it inside the canvas viewport
 * (a positioned container), above the album.
 */
import type { Editor } from '../../editor/Editor.ts';
import type { ReadonlyAtom } from '../../editor/state/atom.ts';
import { useAtomValue } from '../../editor/react.ts';
import { boxCornersOnScreen, polygonPoints } from '../../editor/ui/geometry.ts';
import { selectionFrame } from '../../editor/transform/frame.ts';
import type { RemoteUser } from '../../sync/transport.ts';

interface Props {
  editor: Editor;
  presence: ReadonlyAtom<readonly RemoteUser[]>;
}

export function RemoteSelections({ editor, presence }: Props) {
  const users = useAtomValue(presence);
  const doc = useAtomValue(editor.displayDoc);
  const camera = useAtomValue(editor.camera);
  return (
    <svg
      width="100%"
      height="100%"
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}
      data-testid="remote-selections"
    >
      {users.map((remote) => {
        const frame = remote.ids.length > 0 ? selectionFrame(doc, remote.ids) : undefined;
        if (!frame) return null;
        const corners = boxCornersOnScreen(camera, frame);
        const top = corners.reduce((best, p) =>
          p.y < best.y || (p.y === best.y && p.x < best.x) ? p : best,
        );
        const name = remote.user.name ?? remote.user.email ?? '';
        return (
          <g key={remote.socketId} data-testid="remote-selection" data-email={remote.user.email ?? ''}>
            <polygon points={polygonPoints(corners)} fill="none" stroke={remote.color} strokeWidth={2} />
            {name && (
              <g transform={`translate(${top.x} ${top.y - 18})`}>
                <rect width={Math.min(220, name.length * 7 + 10)} height={16} rx={3} fill={remote.color} />
                <text x={5} y={12} fontSize={11} fill="white" fontFamily="sans-serif">
                  {name}
                </text>
              </g>
            )}
          </g>
        );
      })}
    </svg>
  );
}
