import { stickerInCell } from '@stickerbook/model';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { stickerFormPath } from '../../sticker-form/stickerFormRoute.ts';

/**
 * SPEC §2: double-clicking a sticker cell opens /album/{id}/stickers — with the form of the sticker in the cell,
 * or a new sticker for an empty cell. The engine only emits the request; navigation is the app's job.
 */
export function useOpenStickerRequests(albumId: string): void {
  const editor = useEditor();
  const navigate = useNavigate();
  useEffect(
    () =>
      editor.requests.on((request) => {
        if (request.type !== 'openSticker') return;
        const sticker = stickerInCell(editor.doc, request.cellId);
        const path = stickerFormPath(
          albumId,
          sticker ? { stickerId: sticker.id } : { stickerId: 'new', cellId: request.cellId },
        );
        // After any other listener that opens the plain stickers tab, so the form of this cell wins.
        setTimeout(() => navigate(path), 0);
      }),
    [editor, navigate, albumId],
  );
}
