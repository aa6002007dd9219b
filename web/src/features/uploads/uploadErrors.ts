import type { TFunction } from 'i18next';
import { notify } from '../../ui/notify.ts';
import type { UploadJob } from './uploadStore.ts';

/**
 * SPEC §5: the problems of a file (size, type, dimensions) joined by commas in one notification. A sticker photo of
 * the wrong type gets the sticker wording. Unknown codes fall back to 'the upload failed'. The texts are written
 * to be joined (lower-case); the joined message starts with a capital like every message of the product.
 */
export function problemsText(
  t: TFunction,
  codes: readonly string[],
  model: 'image' | 'sticker' = 'image',
): string {
  return codes
    .map((code) => {
      const key = code === 'IMAGE_TYPE_NOT_ALLOWED' && model === 'sticker' ? 'STICKER_TYPE' : code;
      return t(`errors.upload.${key}`, { defaultValue: t('errors.upload.UPLOAD_FAILED') });
    })
    .join(', ')
    .replace(/^\p{Ll}/u, (first) => first.toLocaleUpperCase());
}

/** One error notification for every failed file of a drop, each line 'file: problem, problem'. */
export function notifyUploadProblems(
  t: TFunction,
  jobs: readonly UploadJob[],
  model: 'image' | 'sticker' = 'image',
) {
  const failed = jobs.filter((job) => job.state === 'error' && job.errorCodes?.length);
  if (failed.length === 0) return;
  notify.error(
    failed
      .map((job) =>
        t('images.notification', { file: job.fileName, problems: problemsText(t, job.errorCodes!, model) }),
      )
      .join('\n'),
  );
}
