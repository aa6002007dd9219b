export type ImageVariant = 'small' | 'medium' | 'large' | 'full' | 'original';

/**
 * SPEC §9 resolution tiers: the smallest image variant that is sharp at the zoom factor
 * (1 = 100 %): small below 100 %, medium below 500 %, large below 1000 %, else full.
 */
export function variantForZoom(zoom: number): ImageVariant {
  if (zoom < 1) return 'small';
  if (zoom < 5) return 'medium';
  if (zoom < 10) return 'large';
  return 'full';
}
