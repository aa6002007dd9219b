/**
 * Thin React bindings: subscribe a component to one slice of editor state. Each hook re-renders only when its
 * atom changes, so the drag delta, the camera and the selection do not re-render each other's readers.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Editor } from './Editor.ts';
import type { ReadonlyAtom } from './state/atom.ts';

export function useAtomValue<T>(atom: ReadonlyAtom<T>): T {
  return useSyncExternalStore(atom.subscribe, atom.get, atom.get);
}

/** Re-renders when the camera or the document changes the set of spreads in view. */
export function useVisibleSpreadIds(editor: Editor): readonly string[] {
  return useCulled(editor, () => editor.visibleSpreadIds());
}

function useCulled(editor: Editor, read: () => readonly string[]): readonly string[] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const offCamera = editor.camera.subscribe(listener);
      const offViewport = editor.cameraController.viewport.subscribe(listener);
      const offVersion = editor.version.subscribe(listener);
      return () => {
        offCamera();
        offViewport();
        offVersion();
      };
    },
    [editor],
  );
  // The editor keeps the array's identity while its contents are unchanged, as useSyncExternalStore needs.
  return useSyncExternalStore(subscribe, read, read);
}
