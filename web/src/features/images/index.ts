export { ImageRegistry, useRegistryVersion } from './imageRegistry.ts';
export { albumImageRegistry, albumImagesQueryKey, useAlbumImageRegistry } from './albumImages.ts';
export { AlbumImagesPanel } from './AlbumImagesPanel.tsx';
export { LowResolutionBadge } from './LowResolutionBadge.tsx';
export { fitFaceCrop, COVER_FACE_SHARE, STICKER_FACE_SHARE, type FaceFitCrop } from './fitFace.ts';
export { qualityText, usePreflight, type PreflightEntry } from './preflight.ts';
