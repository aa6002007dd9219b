/**
 * Every drop on the canvas (SPEC §4 canvas drops), dispatched by what the drag carries:
 * - a sticker from the stickers tab makes or fills a sticker cell;
 * - a layout replaces a spread's content;
 * - a stock photo from the background tab's stock search, or an album image from its images, fills the empty
 *   image slot under the pointer (a background slot or a placeholder frame, highlighted during the drag), and
 *   elsewhere becomes an Image element at the drop point; an album image dropped on a sticker cell becomes, after
 *   a confirmation, that sticker's photo (a new sticker in an empty cell), as a file from the desktop does;
 * - files from the desktop upload (with the upload progress panel) and become Image elements at the drop point;
 *   on a sticker cell, after a confirmation, the first file becomes that sticker's photo (stickerCellFileDrop.ts).
 * Listeners on the document for drags that land on the canvas element, so the canvas needs no knowledge
 * of the tabs and no two handlers ever both take a drop.
 */
import { insertElement, type Point } from '@stickerbook/model';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from '../../editor/Editor.ts';
import { spreadIdAtPoint, spreadLayout } from '../../editor/camera/layout.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { albumImageRegistry, type ImageRegistry } from '../images/index.ts';
import { handleStockDrop, isStockDrag } from '../stock/index.ts';
import { DROPPED_IMAGE_WIDTH_MM, dropImageFiles } from '../uploads/index.ts';
import { runChange } from './editorHooks.ts';
import { track } from '../../analytics/index.ts';
import { handleLayoutDrop, isLayoutDrag } from './layouts/layoutDrop.ts';
import { emptySlotUnder, fillSlotUnder } from './slotDrop.ts';
import { handleStickerDrop, isStickerDrag } from './stickers/stickerDrop.ts';
import {
  dropAlbumImageOnStickerCell,
  dropPhotoOnStickerCell,
  stickerCellAt,
} from './stickers/stickerCellFileDrop.ts';

const CANVAS_SELECTOR = '[data-testid="editor-canvas"]';
/** What the background tab's image thumbnails carry: the image record's id. */
const ALBUM_IMAGE_DRAG_MIME = 'image/x-stickerbook-image';

type DropKind = 'sticker' | 'layout' | 'stock' | 'albumImage' | 'files';

/** What a drag carries (readable during dragover, when only the types are). */
function dropKindOf(dataTransfer: DataTransfer): DropKind | null {
  if (isStickerDrag(dataTransfer)) return 'sticker';
  if (isLayoutDrag(dataTransfer)) return 'layout';
  if (isStockDrag(dataTransfer)) return 'stock';
  const types = Array.from(dataTransfer.types);
  if (types.includes(ALBUM_IMAGE_DRAG_MIME)) return 'albumImage';
  if (types.includes('Files')) return 'files';
  return null;
}

export function useCanvasDrops(albumId: string): void {
  const editor = useEditor();
  const { t } = useTranslation();
  useEffect(() => {
    const registry = albumImageRegistry(albumId);
    const canvasOf = (event: DragEvent) =>
      event.target instanceof Element ? event.target.closest<HTMLElement>(CANVAS_SELECTOR) : null;
    const pagePointOf = (event: DragEvent, canvas: HTMLElement) => {
      const rect = canvas.getBoundingClientRect();
      const screen = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      return { screen, point: editor.screenToPage(screen) };
    };
    const clearDropTarget = () => editor.dropTarget.set(null);
    const onDragOver = (event: DragEvent) => {
      const canvas = canvasOf(event);
      const kind = event.dataTransfer ? dropKindOf(event.dataTransfer) : null;
      if (event.defaultPrevented || !event.dataTransfer || !canvas || !kind) return clearDropTarget();
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      const fillsSlots = kind === 'albumImage' || kind === 'stock';
      const point = pagePointOf(event, canvas).point;
      // An album image over a sticker cell goes to the cell, not to the background slot under it.
      const cell = kind === 'albumImage' ? stickerCellAt(editor, point) : null;
      const slotId = cell
        ? cell.cellId
        : fillsSlots && editor.canEdit()
          ? emptySlotUnder(editor, point)
          : null;
      editor.dropTarget.set(slotId ?? null);
    };
    const onDragLeave = (event: DragEvent) => {
      // Moving between the canvas's own children fires leave too; only leaving the canvas clears the target.
      const into =
        event.relatedTarget instanceof Element ? event.relatedTarget.closest(CANVAS_SELECTOR) : null;
      if (!into) clearDropTarget();
    };
    const onDrop = (event: DragEvent) => {
      clearDropTarget();
      const canvas = canvasOf(event);
      const data = event.dataTransfer;
      if (event.defaultPrevented || !data || !canvas) return;
      const kind = dropKindOf(data);
      if (!kind) return;
      event.preventDefault();
      const { screen, point } = pagePointOf(event, canvas);
      switch (kind) {
        case 'sticker':
          handleStickerDrop(editor, data, point);
          break;
        case 'layout':
          void handleLayoutDrop(editor, data, point);
          break;
        case 'stock':
          handleStockDrop(editor, data, point);
          break;
        case 'albumImage': {
          const imageId = data.getData(ALBUM_IMAGE_DRAG_MIME);
          const cell = stickerCellAt(editor, point);
          if (cell) void dropAlbumImageOnStickerCell(editor, imageId, cell, { registry, t });
          else placeAlbumImage(editor, registry, imageId, point);
          break;
        }
        case 'files': {
          const files = Array.from(data.files);
          if (files.length === 0) break;
          const cell = stickerCellAt(editor, point);
          if (cell) void dropPhotoOnStickerCell(editor, files, cell, { albumId, registry, t });
          else void dropImageFiles(editor, files, screen, { albumId, registry, t });
          break;
        }
      }
    };
    document.addEventListener('dragover', onDragOver);
    document.addEventListener('dragleave', onDragLeave);
    document.addEventListener('dragend', clearDropTarget);
    document.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('dragover', onDragOver);
      document.removeEventListener('dragleave', onDragLeave);
      document.removeEventListener('dragend', clearDropTarget);
      document.removeEventListener('drop', onDrop);
      clearDropTarget();
    };
  }, [editor, albumId, t]);
}

/**
 * An uploaded image of the album dropped at a canvas point, as one history entry: it fills the empty image slot
 * under the point, else it is placed centred on the point in its aspect ratio.
 */
export function placeAlbumImage(
  editor: Editor,
  registry: ImageRegistry,
  imageId: string,
  point: Point,
): boolean {
  if (!imageId) return false;
  if (fillSlotUnder(editor, point, { image: imageId })) return true;
  const spreadId = spreadIdAtPoint(editor.doc, point);
  if (!spreadId) return false;
  const origin = spreadLayout(editor.doc).rects.get(spreadId)!;
  const size = registry.imageSizeFor(imageId);
  const width = DROPPED_IMAGE_WIDTH_MM;
  const height = Math.round(width * (size && size.width > 0 ? size.height / size.width : 0.75) * 100) / 100;
  const change = runChange(
    editor,
    'Insert image',
    (doc) =>
      insertElement(doc, {
        parentId: spreadId,
        type: 'Image',
        props: {
          x: point.x - origin.x - width / 2,
          y: point.y - origin.y - height / 2,
          width,
          height,
          image: imageId,
        },
      }),
    { select: true },
  );
  if (change) track('Background Image Placed', { source: 'album_images' });
  return change !== null;
}
