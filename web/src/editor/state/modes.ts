/**
 * Edit modes (SPEC §4 "Text and image edit modes"). In text edit mode the UI's rich-text editor owns the
 * keyboard, and undo is blocked (model `canUndo` with `editingText`). In image edit mode the photo moves inside
 * its frame: the crop (cx, cy, cscale, crotation) is previewed transiently and committed once on leaving.
 */
export interface ImageCrop {
  cx?: number;
  cy?: number;
  cscale?: number;
  crotation?: number;
}

export type EditMode =
  { kind: 'none' } | { kind: 'text'; id: string } | { kind: 'image'; id: string; crop: ImageCrop };

export const NO_EDIT: EditMode = { kind: 'none' };

export const CROP_KEYS = ['cx', 'cy', 'cscale', 'crotation'] as const;
