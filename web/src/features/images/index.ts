export { ImageRegistry, useRegistryVersion } from './imageRegistry.ts';
export { albumImageRegistry, albumImagesQueryKey, useAlbumImageRegistry } from './albumImages.ts';
export { AlbumImagesPanel } from './AlbumImagesPanel.tsx';
export { LowResolutionBadge } from './LowResolutionBadge.tsx';
export { fitFaceCrop, type FaceFitCrop } from './fitFace.ts';
export { usePreflight, type PreflightEntry } from './preflight.ts';
