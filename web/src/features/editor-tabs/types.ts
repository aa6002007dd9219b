import type { EditorView } from '../editor-shell/editorKeys.ts';
import type { StructureAlbum } from './api.ts';

/** What the editor shell hands every tab panel. */
export interface TabPanelProps {
  album: StructureAlbum;
  view: EditorView;
}
