/**
 * Applies the engine's drag delta to the moving elements' DOM directly (DESIGN.md "a drag re-renders no
 * content", taken one step further than tldraw: not even the element frames re-render). At the first move we
 * remember each moving element's `transform` attribute and the linear map from canvas axes to its parent's
 * axes (elements inside a rotated group in isolation mode); each move then prepends one `translate`. When the
 * drag ends the attributes are restored before the drop's document change renders the new positions.
 *
 * Known limitation: if a collaborator's change re-renders a moving element mid-drag, it shows at its old place
 * until the next pointer move.
 */
import { useEffect, type RefObject } from 'react';
import type { Editor } from '../Editor.ts';
import type { DragDelta } from '../drag/moveSession.ts';
import { elementFrameSelector } from '../../render/ElementFrame.tsx';

interface Moving {
  element: SVGGraphicsElement;
  original: string | null;
  /** Inverse of the parent's linear screen matrix, pre-multiplied by the zoom: canvas mm -> parent units. */
  a: number;
  b: number;
  c: number;
  d: number;
}

export function useDragTransform(editor: Editor, worldRef: RefObject<SVGSVGElement | null>): void {
  useEffect(() => {
    let moving: Moving[] | null = null;
    let ids: DragDelta['ids'] | null = null;

    const collect = (delta: DragDelta): Moving[] => {
      const world = worldRef.current;
      if (!world) return [];
      const zoom = editor.camera.get().zoom;
      const result: Moving[] = [];
      for (const id of delta.ids) {
        const element = world.querySelector<SVGGraphicsElement>(elementFrameSelector(id));
        const parent = element?.parentNode as SVGGraphicsElement | null;
        const m = parent?.getCTM?.();
        if (!element || !m) continue;
        const det = m.a * m.d - m.b * m.c;
        if (det === 0) continue;
        result.push({
          element,
          original: element.getAttribute('transform'),
          a: (m.d / det) * zoom,
          b: (-m.b / det) * zoom,
          c: (-m.c / det) * zoom,
          d: (m.a / det) * zoom,
        });
      }
      return result;
    };

    const restore = () => {
      for (const { element, original } of moving ?? []) {
        if (original === null) element.removeAttribute('transform');
        else element.setAttribute('transform', original);
      }
      moving = null;
      ids = null;
    };

    return editor.dragDelta.subscribe(() => {
      const delta = editor.dragDelta.get();
      if (!delta) {
        restore();
        return;
      }
      if (!moving || ids !== delta.ids) {
        restore();
        moving = collect(delta);
        ids = delta.ids;
      }
      for (const m of moving) {
        const x = m.a * delta.dx + m.c * delta.dy;
        const y = m.b * delta.dx + m.d * delta.dy;
        m.element.setAttribute('transform', `translate(${x} ${y}) ${m.original ?? ''}`);
      }
    });
  }, [editor, worldRef]);
}
