import { preflight, type AlbumDocument, type PrintQualityIssue } from '@stickerbook/model';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useRegistryVersion, type ImageRegistry } from './imageRegistry.ts';

export interface PreflightEntry extends PrintQualityIssue {
  /** Translated line for the top bar's preflight tooltip. */
  message: string;
}

export function qualityText(t: TFunction, issue: Pick<PrintQualityIssue, 'code' | 'dpi'>): string {
  if (issue.code === 'IMAGE_SIDE_TOO_LONG') return t('images.quality.sideTooLong');
  if (issue.code === 'IMAGE_RESOLUTION_TOO_LOW') return t('images.quality.tooLow', { dpi: issue.dpi });
  return t('images.quality.lowResolutionDpi', { dpi: issue.dpi });
}

/** The preflight list of the album (errors and warnings), recomputed when the document or the images change. */
export function usePreflight(doc: AlbumDocument, registry: ImageRegistry, t: TFunction): PreflightEntry[] {
  const version = useRegistryVersion(registry);
  return useMemo(
    () =>
      preflight(doc, registry.pixelsById()).map((issue) => ({ ...issue, message: qualityText(t, issue) })),
    // `version` stands for the registry's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [doc, registry, version, t],
  );
}
