import type { ImageModel } from '@stickerbook/model';
import type { TFunction } from 'i18next';
import { albumImageRegistry } from '../images/index.ts';
import {
  notifyUploadProblems,
  problemsText,
  TooManyFilesError,
  uploadFiles,
  type ImageRecord,
  type UploadJob,
} from '../uploads/index.ts';
import { notify } from '../../ui/notify.ts';
import { convertGifsToPng } from './gifToPng.ts';

/**
 * Uploads the spread modal's dropped photos through the upload pipeline (SPEC §4: progress in the upload panel,
 * sticker photos with face detection) and resolves once every file has its image record or has failed, in the
 * files' order (undefined for a failed file). Sticker photos wait for the finished record, whose face box the
 * server completes; other photos resolve with the first record and their variants redraw the canvas later.
 * GIFs (which only this modal takes, SPEC §5) are uploaded as PNGs of their first frame.
 */
export async function uploadForSlots(
  dropped: readonly File[],
  options: { albumId: string; model: ImageModel; t: TFunction },
): Promise<Array<ImageRecord | undefined>> {
  if (dropped.length === 0) return [];
  const files = await convertGifsToPng(dropped);
  const registry = albumImageRegistry(options.albumId);
  let order: readonly UploadJob[] = [];
  const records = new Map<string, ImageRecord>();
  const ended = new Set<string>();
  return new Promise((resolve) => {
    const result = () => order.map((job) => records.get(job.id));
    const check = () => {
      if (order.length > 0 && order.every((job) => ended.has(job.id))) resolve(result());
    };
    uploadFiles(files, {
      albumId: options.albumId,
      model: options.model,
      onProgress: (jobs) => {
        if (order.length === 0) order = [...jobs];
        for (const job of jobs) if (job.state === 'error') ended.add(job.id);
        check();
      },
      onRecord: (job, image) => {
        registry.setRecord(image);
        records.set(job.id, image);
        if (options.model === 'sticker') return;
        ended.add(job.id);
        check();
      },
      onFailed: (job) => {
        ended.add(job.id);
        check();
      },
      onFinished: (job, image) => {
        registry.setRecord(image);
        records.set(job.id, image);
        ended.add(job.id);
        check();
      },
    })
      .then((jobs) => {
        notifyUploadProblems(options.t, jobs, options.model);
        resolve(result());
      })
      .catch((error: unknown) => {
        if (error instanceof TooManyFilesError) notify.error(problemsText(options.t, error.codes));
        else console.error('Spread photos upload failed', error);
        resolve(result());
      });
  });
}
