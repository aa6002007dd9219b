import type { EditorView } from '../editor-shell/editorKeys.ts';
import type { Album } from '../../api/types.ts';

/** What the editor shell hands every tab panel. */
export interface TabPanelProps {
  album: Album;
  view: EditorView;
}
