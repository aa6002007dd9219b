/**
 * Creates the Editor for a loaded album (GET /albums/:id: workspace, version, title, releaseDate, language,
 * locked) and keeps its meta and access in step with the album record and the viewer's role.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBlankAlbum, type AlbumDocument } from '@stickerbook/model';
import type { Album } from '../../api/types.ts';
import { Editor } from '../Editor.ts';

export function useAlbumEditor(album: Album, options: { isAdmin: boolean; userId?: string }): Editor {
  const { t } = useTranslation();
  const [editor] = useState(
    () =>
      new Editor({
        doc: (album.workspace as AlbumDocument | undefined) ?? createBlankAlbum(),
        meta: { title: album.title, releaseDate: album.releaseDate, language: album.language ?? 'de' },
        isAdmin: options.isAdmin,
        locked: album.locked === true,
        userId: options.userId,
        defaultText: t('editorUi.defaultText'),
      }),
  );
  useEffect(() => () => editor.dispose(), [editor]);
  useEffect(() => {
    editor.meta.set({ title: album.title, releaseDate: album.releaseDate, language: album.language ?? 'de' });
  }, [editor, album.title, album.releaseDate, album.language]);
  useEffect(() => {
    editor.setAccess({ locked: album.locked === true, isAdmin: options.isAdmin });
  }, [editor, album.locked, options.isAdmin]);
  return editor;
}
