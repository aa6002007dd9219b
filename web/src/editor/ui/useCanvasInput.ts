/**
 * DOM events -> engine input. Pointer events come from the canvas viewport (positions relative to it, pointer
 * captured so a drag may leave the viewport); two touch pointers pinch-zoom; the wheel is a non-passive listener
 * so ctrl-wheel / trackpad pinch zoom the canvas instead of the page; keys come from the window while the focus is not in a form field or in the
 * text editor (which owns the keyboard, engine `input.ts`).
 */
import { useEffect, type RefObject } from 'react';
import type { Point } from '@stickerbook/model';
import type { Camera } from '../camera/camera.ts';
import type { Editor } from '../Editor.ts';
import type { PointerInput } from '../input.ts';
import type { Atom } from '../state/atom.ts';

/** Elements with this attribute (panels, meta bars, scrollbars, the text editor) keep their pointer events. */
export const CANVAS_UI_ATTRIBUTE = 'data-canvas-ui';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

function pointerInput(viewport: HTMLElement, event: PointerEvent | MouseEvent): PointerInput {
  const rect = viewport.getBoundingClientRect();
  return {
    screen: { x: event.clientX - rect.left, y: event.clientY - rect.top },
    button: event.button,
    shiftKey: event.shiftKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    pointerType: 'pointerType' in event ? event.pointerType : 'mouse',
  };
}

export function useCanvasInput(
  editor: Editor,
  viewportRef: RefObject<HTMLDivElement | null>,
  hovered: Atom<string | null>,
): void {
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let activePointer: number | null = null;
    // Two-finger pinch on touch screens: the second finger ends the first finger's gesture, then both zoom and
    // pan the camera until one is lifted (trackpad pinch arrives as ctrl-wheel, below).
    const touches = new Map<number, Point>();
    let pinch: { start: Camera; from: [Point, Point]; ids: [number, number] } | null = null;
    const onCanvasUi = (event: Event) =>
      event.target instanceof Element && event.target.closest(`[${CANVAS_UI_ATTRIBUTE}]`) !== null;

    const startPinch = (event: PointerEvent): boolean => {
      if (event.pointerType !== 'touch') return false;
      touches.set(event.pointerId, pointerInput(viewport, event).screen);
      if (touches.size !== 2 || pinch) return false;
      if (activePointer !== null) {
        if (viewport.hasPointerCapture(activePointer)) viewport.releasePointerCapture(activePointer);
        activePointer = null;
        editor.cancelGesture();
      }
      const [[idA, a], [idB, b]] = [...touches];
      pinch = { start: editor.camera.get(), from: [a, b], ids: [idA, idB] };
      return true;
    };
    const endTouch = (pointerId: number) => {
      touches.delete(pointerId);
      if (pinch?.ids.includes(pointerId)) pinch = null;
    };

    const down = (event: PointerEvent) => {
      if (onCanvasUi(event) || event.button === 2) return;
      if (startPinch(event)) {
        event.preventDefault();
        return;
      }
      if (activePointer !== null || pinch) return; // a third finger, or one left over from a pinch
      // Leaving an edit mode by clicking elsewhere commits it (SPEC §4); the click does nothing else.
      if (editor.editMode.get().kind !== 'none') {
        editor.stopEditing();
        event.preventDefault();
        return;
      }
      activePointer = event.pointerId;
      viewport.setPointerCapture(event.pointerId);
      viewport.focus({ preventScroll: true });
      hovered.set(null);
      editor.pointerDown(pointerInput(viewport, event));
      event.preventDefault();
    };
    const move = (event: PointerEvent) => {
      const input = pointerInput(viewport, event);
      if (touches.has(event.pointerId)) touches.set(event.pointerId, input.screen);
      if (pinch) {
        const [a, b] = pinch.ids.map((id) => touches.get(id));
        if (a && b && pinch.ids.includes(event.pointerId))
          editor.cameraController.pinch(pinch.start, pinch.from, [a, b]);
        return;
      }
      if (activePointer === event.pointerId) {
        editor.pointerMove(input);
        return;
      }
      if (activePointer !== null || onCanvasUi(event) || editor.toolId.get() !== 'select') {
        hovered.set(null);
        return;
      }
      const zoom = editor.camera.get().zoom;
      hovered.set(editor.hitTest(editor.screenToPage(input.screen), 3 / zoom) ?? null);
    };
    const up = (event: PointerEvent) => {
      endTouch(event.pointerId);
      if (activePointer !== event.pointerId) return;
      activePointer = null;
      if (viewport.hasPointerCapture(event.pointerId)) viewport.releasePointerCapture(event.pointerId);
      editor.pointerUp(pointerInput(viewport, event));
    };
    const cancel = (event: PointerEvent) => {
      endTouch(event.pointerId);
      if (activePointer !== event.pointerId) return;
      activePointer = null;
      editor.cancelGesture();
    };
    const leave = () => hovered.set(null);
    const doubleClick = (event: MouseEvent) => {
      if (onCanvasUi(event)) return;
      editor.doubleClick(pointerInput(viewport, event));
    };
    const wheel = (event: WheelEvent) => {
      if (onCanvasUi(event) && !(event.target as Element).closest('[data-canvas-wheel]')) return;
      event.preventDefault();
      const input = pointerInput(viewport, event);
      editor.wheel({
        screen: input.screen,
        deltaX: event.deltaX,
        deltaY: event.deltaY,
        deltaMode: event.deltaMode,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
      });
    };
    const keyDown = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target)) return;
      // Dialogs and menus (Mantine portals) keep their keys.
      if (event.target instanceof Element && event.target.closest('[role="dialog"],[role="menu"]')) return;
      // Enter edits the selected text only from the canvas; on a focused button or link it keeps its meaning.
      if (event.key === 'Enter' && event.target !== document.body && !viewport.contains(event.target as Node))
        return;
      const handled = editor.keyDown({
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
      });
      if (handled) event.preventDefault();
    };
    const keyUp = (event: KeyboardEvent) => editor.keyUp({ key: event.key });

    viewport.addEventListener('pointerdown', down);
    viewport.addEventListener('pointermove', move);
    viewport.addEventListener('pointerup', up);
    viewport.addEventListener('pointercancel', cancel);
    viewport.addEventListener('pointerleave', leave);
    viewport.addEventListener('dblclick', doubleClick);
    viewport.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('keydown', keyDown);
    window.addEventListener('keyup', keyUp);
    return () => {
      viewport.removeEventListener('pointerdown', down);
      viewport.removeEventListener('pointermove', move);
      viewport.removeEventListener('pointerup', up);
      viewport.removeEventListener('pointercancel', cancel);
      viewport.removeEventListener('pointerleave', leave);
      viewport.removeEventListener('dblclick', doubleClick);
      viewport.removeEventListener('wheel', wheel);
      window.removeEventListener('keydown', keyDown);
      window.removeEventListener('keyup', keyUp);
    };
  }, [editor, viewportRef, hovered]);
}

/** Keeps the engine's viewport size (culling, fits, zoom presets) equal to the canvas element's. */
export function useViewportSize(editor: Editor, viewportRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const apply = () =>
      editor.cameraController.setViewportSize({ width: viewport.clientWidth, height: viewport.clientHeight });
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [editor, viewportRef]);
}
