/**
 * Small documents for the editor's tests: a blank album (cover n2 at y 0, content spread n4 at y 357, back n6 at
 * y 714 on the canvas) with elements added through the model's own operations, so fixtures stay valid.
 */
import {
  applyPatches,
  createBlankAlbum,
  groupElements,
  insertElement,
  sequentialIds,
  type AlbumDocument,
} from '@stickerbook/model';
import { Editor, type EditorOptions } from './Editor.ts';
import { memoryClipboard } from './clipboard.ts';

export const COVER = 'n2';
export const CONTENT = 'n4';
export const BACK = 'n6';
/** Canvas y of the content spread's top edge: one spread (297) plus the 60 mm gap. */
export const CONTENT_Y = 357;

export type ShapeInput = { id: string; parent?: string } & Record<string, unknown>;

/** Adds rectangles (or other types via `type`) with fixed ids; `parent` defaults to the content spread. */
export function withElements(doc: AlbumDocument, shapes: ShapeInput[]): AlbumDocument {
  let current = doc;
  for (const { id, parent = CONTENT, type = 'Rectangle', ...props } of shapes) {
    const change = insertElement(
      current,
      { parentId: parent, type: type as 'Rectangle', props: { width: 10, height: 10, ...props } },
      () => id,
    );
    current = applyPatches(current, change.patches);
  }
  return current;
}

export function withGroup(doc: AlbumDocument, ids: string[], groupId: string): AlbumDocument {
  return applyPatches(doc, groupElements(doc, ids, () => groupId).patches);
}

export function blankDoc(): AlbumDocument {
  return createBlankAlbum({ newId: sequentialIds('n') });
}

/** An editor over `doc` with an in-memory clipboard, a 1000 x 800 viewport and the camera at zoom 1, origin 0. */
export function makeEditor(doc: AlbumDocument, options: Partial<EditorOptions> = {}) {
  const clipboard = memoryClipboard();
  const editor = new Editor({ doc, clipboard, invariantCheck: 'sync', ...options });
  editor.cameraController.setViewportSize({ width: 1000, height: 800 });
  editor.cameraController.setCamera({ x: 0, y: 0, zoom: 1 });
  return { editor, clipboard };
}

/** Pointer input at a canvas point for an editor whose camera is at (0, 0) zoom 1 — or any camera. */
function at(editor: Editor, x: number, y: number, modifiers: { shiftKey?: boolean; ctrlKey?: boolean } = {}) {
  return { screen: editor.pageToScreen({ x, y }), button: 0, ...modifiers };
}

/** A full drag with the select tool, in canvas coordinates. */
export function drag(
  editor: Editor,
  from: [number, number],
  to: [number, number],
  modifiers = {},
  steps = 4,
) {
  editor.pointerDown(at(editor, from[0], from[1], modifiers));
  for (let i = 1; i <= steps; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    editor.pointerMove(at(editor, x, y, modifiers));
  }
  editor.pointerUp(at(editor, to[0], to[1], modifiers));
}
