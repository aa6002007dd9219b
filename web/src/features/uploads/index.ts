export { uploadFiles, TooManyFilesError, errorCodesOf, type UploadOptions } from './uploadFiles.ts';
export {
  uploadStore,
  useUploadJobs,
  UploadStore,
  type UploadJob,
  type UploadJobState,
} from './uploadStore.ts';
export { UploadProgress } from './UploadProgress.tsx';
export {
  useImageDrop,
  dropImageFiles,
  DROPPED_IMAGE_WIDTH_MM,
  type ImageDropOptions,
} from './useImageDrop.ts';
export { notifyUploadProblems, problemsText } from './uploadErrors.ts';
export {
  createImageRecord,
  deleteImage,
  detectFace,
  fetchAlbumImages,
  fetchImage,
  setImageModel,
  type FaceBox,
  type ImageRecord,
} from './uploadApi.ts';
