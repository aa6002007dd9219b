/**
 * Keyboard shortcuts of SPEC §9 (plus copy/cut/paste, Escape and arrow nudges of SPEC §4) as data: the key
 * combination and the editor action it runs. Ctrl means Ctrl or Cmd, so the same map serves macOS.
 */
import { NUDGE_MM } from '@stickerbook/model';

export type EditorAction =
  | { type: 'delete' }
  | { type: 'duplicate' }
  | { type: 'group' }
  | { type: 'ungroup' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'selectAll' }
  | { type: 'escape' }
  | { type: 'editText' }
  | { type: 'copy' }
  | { type: 'cut' }
  | { type: 'paste' }
  | { type: 'nudge'; dx: number; dy: number };

interface KeyCombo {
  key: string;
  ctrl?: boolean;
  shift?: boolean;
}

interface Shortcut extends KeyCombo {
  action: EditorAction;
}

const SHORTCUTS: readonly Shortcut[] = [
  { key: 'delete', action: { type: 'delete' } },
  { key: 'backspace', action: { type: 'delete' } },
  { key: 'd', ctrl: true, action: { type: 'duplicate' } },
  { key: 'g', ctrl: true, action: { type: 'group' } },
  { key: 'g', ctrl: true, shift: true, action: { type: 'ungroup' } },
  { key: 'u', ctrl: true, action: { type: 'ungroup' } },
  { key: 'z', ctrl: true, action: { type: 'undo' } },
  { key: 'z', ctrl: true, shift: true, action: { type: 'redo' } },
  { key: 'a', ctrl: true, action: { type: 'selectAll' } },
  { key: 'c', ctrl: true, action: { type: 'copy' } },
  { key: 'x', ctrl: true, action: { type: 'cut' } },
  { key: 'v', ctrl: true, action: { type: 'paste' } },
  { key: 'escape', action: { type: 'escape' } },
  // Into text edit mode for the one selected text or comment note, as a double-click does.
  { key: 'enter', action: { type: 'editText' } },
];

const ARROWS: Record<string, { x: number; y: number }> = {
  arrowleft: { x: -1, y: 0 },
  arrowright: { x: 1, y: 0 },
  arrowup: { x: 0, y: -1 },
  arrowdown: { x: 0, y: 1 },
};

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** SPEC §4: arrows nudge 1 mm, x10 with shift, x0.1 with ctrl. */
function nudgeStepMm(input: KeyInput): number {
  if (input.shiftKey) return NUDGE_MM.shift;
  if (input.ctrlKey || input.metaKey) return NUDGE_MM.ctrl;
  return NUDGE_MM.normal;
}

/** The action for a key press, if any. Modifiers must match exactly, so Ctrl+Shift+Z is redo, never undo. */
export function actionForKey(input: KeyInput): EditorAction | undefined {
  const key = input.key.toLowerCase();
  const arrow = ARROWS[key];
  if (arrow) {
    const step = nudgeStepMm(input);
    return { type: 'nudge', dx: arrow.x * step, dy: arrow.y * step };
  }
  const ctrl = Boolean(input.ctrlKey || input.metaKey);
  const shift = Boolean(input.shiftKey);
  return SHORTCUTS.find((s) => s.key === key && Boolean(s.ctrl) === ctrl && Boolean(s.shift) === shift)
    ?.action;
}
