/**
 * Copy, cut and paste across albums (SPEC §4): the clipboard travels as text in packages/model's clipboard
 * format through the system clipboard, so copying in one album tab and pasting in another works. Foreign text
 * (anything not in our format) is ignored by the model's `pasteElements`.
 */
export interface ClipboardAdapter {
  writeText(text: string): Promise<void>;
  readText(): Promise<string>;
}

/** The browser's async clipboard; reading may be refused (permissions), which pastes nothing. */
export const systemClipboard: ClipboardAdapter = {
  writeText: (text) => navigator.clipboard.writeText(text),
  readText: async () => {
    try {
      return await navigator.clipboard.readText();
    } catch {
      return '';
    }
  },
};

/** An in-memory clipboard for tests and for browsers without clipboard access. */
export function memoryClipboard(initial = ''): ClipboardAdapter & { text: string } {
  const clipboard = {
    text: initial,
    writeText: async (text: string) => {
      clipboard.text = text;
    },
    readText: async () => clipboard.text,
  };
  return clipboard;
}
