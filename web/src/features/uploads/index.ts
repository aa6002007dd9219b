export { uploadFiles, TooManyFilesError } from './uploadFiles.ts';
export { type UploadJob } from './uploadStore.ts';
export { UploadProgress } from './UploadProgress.tsx';
export { dropImageFiles, DROPPED_IMAGE_WIDTH_MM } from './useImageDrop.ts';
export { notifyUploadProblems, problemsText } from './uploadErrors.ts';
export { fetchImage, setImageModel, type ImageRecord } from './uploadApi.ts';
