/**
 * Thin React bindings: subscribe a component to one slice of editor state. Each hook re-renders only when its
 * atom changes, so the drag delta, the camera and the selection do not re-render each other's readers.
 */
import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Editor } from './Editor.ts';
import type { ReadonlyAtom } from './state/atom.ts';

export function useAtomValue<T>(atom: ReadonlyAtom<T>): T {
  return useSyncExternalStore(atom.subscribe, atom.get, atom.get);
}

/**
 * `useAtomValue` for a view that may show a change one frame after the canvas does (a panel, the element toolbar,
 * a badge): the new value renders in a transition, after the paint of the frame that changed it, so an undo's
 * frame is spent on the canvas alone (DESIGN.md "Speed is a feature"; issue 23's undo to the painted frame).
 */
export function useAtomValueAfterPaint<T>(atom: ReadonlyAtom<T>): T {
  const [value, setValue] = useState(atom.get);
  useEffect(() => {
    const update = () => startTransition(() => setValue(() => atom.get()));
    // A change between the render and this effect.
    if (!Object.is(atom.get(), value)) update();
    return atom.subscribe(update);
    // `value` is only the render's, to catch that change; a later one arrives through the subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [atom]);
  return value;
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
