/**
 * The open text editor's save function, for the parts of the UI that end text editing from outside it (a
 * click on the canvas): they save first, then leave the mode. Set by TextEditOverlay while it is mounted.
 */
export const textEditBridge: { commit: (() => void) | null; editable: HTMLElement | null } = {
  commit: null,
  editable: null,
};

/** Saves the edited text (if a text editor is open) and leaves any edit mode. */
export function finishEditing(stop: () => void): void {
  textEditBridge.commit?.();
  stop();
}
