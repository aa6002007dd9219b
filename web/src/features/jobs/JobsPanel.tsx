import { spreadsInOrder } from '@stickerbook/model';
import { useCallback } from 'react';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import type { TabPanelProps } from '../editor-tabs/types.ts';
import { JobsTab } from './JobsTab.tsx';

/** The jobs tab in the editor's sidebar: "current spread" is the spread the canvas shows or the selection is on. */
export function JobsPanel({ album }: TabPanelProps) {
  const editor = useEditor();
  const currentSpreadOrdinal = useCallback(() => {
    const id = editor.selectionController.currentSpreadId();
    const ordinal = spreadsInOrder(editor.doc).findIndex((spread) => spread.id === id);
    return ordinal >= 0 ? ordinal : undefined;
  }, [editor]);
  return <JobsTab album={album} currentSpreadOrdinal={currentSpreadOrdinal} />;
}
