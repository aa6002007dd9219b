/**
 * The one Editor instance of the open album, for every panel, toolbar and overlay (`useEditor()`). The editor
 * engine knows nothing of React; components subscribe to the slices they draw with `useAtomValue`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Editor } from '../Editor.ts';

const EditorReactContext = createContext<Editor | null>(null);

export function EditorProvider({ editor, children }: { editor: Editor; children: ReactNode }) {
  return <EditorReactContext.Provider value={editor}>{children}</EditorReactContext.Provider>;
}

export function useEditor(): Editor {
  const editor = useContext(EditorReactContext);
  if (!editor) throw new Error('useEditor() must be used inside <EditorProvider>');
  return editor;
}
