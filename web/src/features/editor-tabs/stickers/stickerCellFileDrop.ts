/**
 * SPEC §4 canvas drops: a photo dropped onto a sticker cell asks first, then becomes that sticker's photo; on an
 * empty cell it makes one new sticker, placed in the cell. From the desktop, at most one file makes a sticker:
 * with several, the first is used and the user is told. From the album's images panel, the image record becomes
 * a sticker photo first ("becomes sticker model via patch": PATCH /images/{id}, which also gives it a face box).
 */
import { applyPatches, createSticker, placeSticker, updateSticker, type Point } from '@stickerbook/model';
import type { TFunction } from 'i18next';
import { errorCodeOf } from '../../../api/errors.ts';
import type { Editor } from '../../../editor/Editor.ts';
import { spreadIdAtPoint, spreadLayout } from '../../../editor/camera/layout.ts';
import { track } from '../../../analytics/index.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { notify } from '../../../ui/notify.ts';
import type { ImageRegistry } from '../../images/imageRegistry.ts';
import { notifyUploadProblems, problemsText, setImageModel, uploadFiles } from '../../uploads/index.ts';
import { cellAt } from './stickerDrop.ts';

export interface StickerCellTarget {
  cellId: string;
  /** The sticker in the cell; null for an empty cell. */
  stickerId: string | null;
}

/** The editable sticker cell under a canvas point (mm), or null. */
export function stickerCellAt(editor: Editor, pagePoint: Point): StickerCellTarget | null {
  if (!editor.canEdit()) return null;
  const spreadId = spreadIdAtPoint(editor.doc, pagePoint);
  if (!spreadId) return null;
  const origin = spreadLayout(editor.doc).rects.get(spreadId)!;
  const cell = cellAt(editor.doc, spreadId, { x: pagePoint.x - origin.x, y: pagePoint.y - origin.y });
  if (!cell) return null;
  const stickerId = typeof cell.props.stickerId === 'string' ? cell.props.stickerId : null;
  return { cellId: cell.id, stickerId: stickerId && editor.doc.stickers[stickerId] ? stickerId : null };
}

/** Puts an uploaded image on the cell's sticker, or on a new sticker placed in the empty cell, as one change. */
export function setCellStickerPhoto(editor: Editor, target: StickerCellTarget, imageId: string): boolean {
  const change = editor.change(
    'Sticker photo',
    (doc) => {
      if (target.stickerId) return updateSticker(doc, target.stickerId, { image: imageId });
      const created = createSticker(doc, { name: '', position: '', doubleSticker: false, image: imageId });
      const placed = placeSticker(applyPatches(doc, created.patches), created.selection[0]!, target.cellId);
      return { ...placed, patches: [...created.patches, ...placed.patches] };
    },
    { select: true },
  );
  return change !== null;
}

/** The question before a photo goes into a cell: replace the sticker's photo, or make a sticker with it. */
function confirmCellPhoto(editor: Editor, target: StickerCellTarget, t: TFunction): Promise<boolean> {
  const name = target.stickerId ? editor.doc.stickers[target.stickerId]?.name : '';
  return confirm({
    title: t('stickerCellDrop.title'),
    message: target.stickerId
      ? t('stickerCellDrop.replace', { name: name || t('stickerCellDrop.unnamed') })
      : t('stickerCellDrop.create'),
    confirmLabel: t('stickerCellDrop.confirm'),
  });
}

/** Asks, uploads the first file as a sticker photo and puts it in the cell. Resolves whether it did. */
export async function dropPhotoOnStickerCell(
  editor: Editor,
  files: readonly File[],
  target: StickerCellTarget,
  options: { albumId: string; registry: ImageRegistry; t: TFunction },
): Promise<boolean> {
  const { t } = options;
  if (!(await confirmCellPhoto(editor, target, t))) return false;
  if (files.length > 1) notify.info(t('stickerCellDrop.onlyFirst'));
  let done = false;
  const jobs = await uploadFiles(files.slice(0, 1), {
    albumId: options.albumId,
    model: 'sticker',
    onRecord(_job, image) {
      options.registry.setRecord(image);
      done = setCellStickerPhoto(editor, target, image.id);
      if (done) track(target.stickerId ? 'Image Replaced' : 'Sticker Created', { source: 'file_drop' });
    },
    onFinished(_job, image) {
      options.registry.setRecord(image);
    },
  });
  notifyUploadProblems(t, jobs, 'sticker');
  return done;
}

/**
 * Asks, makes the album image a sticker photo on the server and puts it in the cell. A photo the server refuses as
 * a sticker (an SVG: SPEC §5 sticker photos are JPEG or PNG) is reported with the upload's wording and changes
 * nothing. Resolves whether it did.
 */
export async function dropAlbumImageOnStickerCell(
  editor: Editor,
  imageId: string,
  target: StickerCellTarget,
  options: { registry: ImageRegistry; t: TFunction },
): Promise<boolean> {
  const { t, registry } = options;
  if (!imageId || !(await confirmCellPhoto(editor, target, t))) return false;
  const current = registry.record(imageId);
  if (current?.model !== 'sticker') {
    try {
      registry.setRecord(await setImageModel(imageId, 'sticker'));
    } catch (error) {
      notify.error(problemsText(t, [errorCodeOf(error)], 'sticker'));
      return false;
    }
  }
  const done = setCellStickerPhoto(editor, target, imageId);
  if (done) track(target.stickerId ? 'Image Replaced' : 'Sticker Created', { source: 'album_images' });
  return done;
}
