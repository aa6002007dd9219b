import type { RichText } from '@stickerbook/model';

/**
 * The open text editor's DOM, for the toolbar: `editable` is where bold, italic and colour act on the selected
 * characters, `show` puts a text changed by the toolbar (size, font, ...) into the editor without leaving it.
 * Set by TextEditOverlay while it is mounted. Saving the typed text is the engine's (`editor.modes`).
 */
export const textEditBridge: {
  editable: HTMLElement | null;
  show: ((text: RichText) => void) | null;
} = {
  editable: null,
  show: null,
};
