import {
  deleteElements,
  emptyImageSlotAt,
  fillImageSlot,
  insertElement,
  updateElement,
  type ImageModel,
} from '@stickerbook/model';
import type { TFunction } from 'i18next';
import { spreadIdAtPoint, spreadLayout, type Editor } from '../../editor/index.ts';
import type { ImageRegistry } from '../images/imageRegistry.ts';
import { notifyUploadProblems, problemsText } from './uploadErrors.ts';
import { TooManyFilesError, uploadFiles } from './uploadFiles.ts';
import { notify } from '../../ui/notify.ts';
import { track } from '../../analytics/index.ts';

/** A dropped photo is placed this wide (mm), its height from its aspect ratio; several files cascade by 10 mm. */
export const DROPPED_IMAGE_WIDTH_MM = 100;
const CASCADE_MM = 10;

export interface ImageDropOptions {
  albumId: string;
  registry: ImageRegistry;
  model?: ImageModel;
}

/** The work of a drop, apart from React: returns the element ids it created (removed again on failure). */
export async function dropImageFiles(
  editor: Editor,
  files: readonly File[],
  screenPoint: { x: number; y: number },
  options: ImageDropOptions & { t: TFunction },
): Promise<string[]> {
  const { registry, t } = options;
  const point = editor.screenToPage(screenPoint);
  const spreadId = spreadIdAtPoint(editor.doc, point);
  if (!spreadId || !editor.canEdit()) return [];
  const spreadRect = spreadLayout(editor.doc).rects.get(spreadId)!;
  const local = { x: point.x - spreadRect.x, y: point.y - spreadRect.y };
  const elementByJob = new Map<string, string>();
  const filledSlots = new Set<string>();
  let placed = 0;
  const stillShowing = (elementId: string, imageId: string) =>
    editor.doc.nodes[elementId]?.props.image === imageId;

  try {
    const jobs = await uploadFiles(files, {
      albumId: options.albumId,
      model: options.model ?? 'image',
      onLocal(job) {
        registry.setLocal(job.id, job.localUrl!, job.size);
        const aspect = job.size && job.size.width > 0 ? job.size.height / job.size.width : 0.75;
        const width = DROPPED_IMAGE_WIDTH_MM;
        const height = Math.round(width * aspect * 100) / 100;
        const offset = placed++ * CASCADE_MM;
        // The first photo dropped over an empty image slot fills it (SPEC §4 canvas drops, as album images do).
        const slot = offset === 0 ? emptyImageSlotAt(editor.doc, spreadId, local) : undefined;
        if (slot) {
          const filled = editor.change(
            'Fill image slot',
            (doc) => fillImageSlot(doc, slot.id, { image: job.id }),
            {
              select: true,
            },
          );
          if (!filled) return;
          elementByJob.set(job.id, slot.id);
          filledSlots.add(slot.id);
          track('Background Image Placed', { source: 'file_drop', slot: true });
          return;
        }
        let elementId: string | undefined;
        editor.change(
          'Insert image',
          (doc) => {
            const change = insertElement(doc, {
              parentId: spreadId,
              type: 'Image',
              props: {
                x: local.x - width / 2 + offset,
                y: local.y - height / 2 + offset,
                width,
                height,
                image: job.id,
              },
            });
            elementId = change.selection[0];
            return change;
          },
          { select: true },
        );
        if (!elementId) return;
        elementByJob.set(job.id, elementId);
        track('Background Image Placed', { source: 'file_drop' });
      },
      onRecord(job, image) {
        registry.setRecord(image);
        const elementId = elementByJob.get(job.id);
        if (elementId && stillShowing(elementId, job.id)) {
          editor.change('Image uploaded', (doc) => updateElement(doc, elementId, { image: image.id }));
        }
        registry.remove(job.id);
      },
      onFinished(_job, image) {
        registry.setRecord(image);
      },
      onFailed(job) {
        const elementId = elementByJob.get(job.id);
        if (elementId && stillShowing(elementId, job.id)) {
          // A slot the photo was to fill goes back to empty; an element made for it goes.
          editor.change('Upload failed', (doc) =>
            filledSlots.has(elementId)
              ? updateElement(doc, elementId, { image: undefined })
              : deleteElements(doc, [elementId]),
          );
        }
        registry.remove(job.id);
      },
    });
    notifyUploadProblems(t, jobs, options.model);
  } catch (error) {
    if (!(error instanceof TooManyFilesError)) throw error;
    notify.error(problemsText(t, error.codes));
  }
  return [...elementByJob.values()];
}
