import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../editor/react.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { usePreflight, type ImageRegistry, type PreflightEntry } from '../images/index.ts';

/** The album's print-quality list (SPEC §8) for the open document, with translated messages. */
export function useAlbumPreflight(registry: ImageRegistry): PreflightEntry[] {
  const editor = useEditor();
  const { t } = useTranslation();
  const doc = useAtomValue(editor.documentState.doc);
  return usePreflight(doc, registry, t);
}
