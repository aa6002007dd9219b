import {
  preflight,
  stockImageKey,
  type AlbumDocument,
  type ImagePixels,
  type PrintQualityIssue,
} from '@stickerbook/model';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { lookupStockPhoto, stockImageSizeFor, useStockPhotosVersion } from '../stock/api.ts';
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

/** Stock photos placed in the document (SPEC §3: referenced by `pexelsId`). */
function placedStockIds(doc: AlbumDocument): number[] {
  const ids = new Set<number>();
  for (const node of Object.values(doc.nodes)) {
    if (node.type === 'Image' && typeof node.props.pexelsId === 'number') ids.add(node.props.pexelsId);
  }
  return [...ids];
}

/**
 * Pixel sizes of every image the document can show: the album's records (uploads) and the placed stock photos
 * whose size their provider reported, so both get the same print-quality rules (SPEC §5).
 */
export function imagePixels(doc: AlbumDocument, registry: ImageRegistry): Map<string, ImagePixels> {
  const pixels = registry.pixelsById();
  for (const id of placedStockIds(doc)) {
    const size = stockImageSizeFor(stockImageKey(id));
    if (size) pixels.set(stockImageKey(id), size);
  }
  return pixels;
}

/** The preflight list of the album (errors and warnings), recomputed when the document or the images change. */
export function usePreflight(doc: AlbumDocument, registry: ImageRegistry, t: TFunction): PreflightEntry[] {
  const version = useRegistryVersion(registry);
  const stockVersion = useStockPhotosVersion();
  // Stock photos on spreads nobody has scrolled to are not drawn, so nothing has looked them up yet.
  const stockIds = useMemo(() => placedStockIds(doc).join(','), [doc]);
  useEffect(() => {
    for (const id of stockIds.split(',')) if (id) void lookupStockPhoto(Number(id));
  }, [stockIds]);
  return useMemo(
    () =>
      preflight(doc, imagePixels(doc, registry)).map((issue) => ({
        ...issue,
        message: qualityText(t, issue),
      })),
    // `version` and `stockVersion` stand for the registry's and the stock photos' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [doc, registry, version, stockVersion, t],
  );
}
