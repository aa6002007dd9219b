import { insertableLayouts, layoutsOf, type AlbumDocument, type Layout } from '@stickerbook/model';
import { useMemo } from 'react';
import type { Album } from '../../../api/types.ts';
import { useBlueprintDocument } from '../api.ts';

export interface AlbumLayouts {
  /** The blueprint drawn in the album's own style, for previews. */
  previewDoc: AlbumDocument | undefined;
  /** Layouts offered for new spreads and drops: the blueprint's spreads without the covers (SPEC §2). */
  layouts: Layout[];
  isPending: boolean;
  isError: boolean;
}

/** The album's layouts: the spreads of the blueprint it was made from (blueprint_album_id). */
export function useAlbumLayouts(album: Album, style: AlbumDocument['settings']): AlbumLayouts {
  const blueprint = useBlueprintDocument(album.blueprint_album_id);
  const previewDoc = useMemo(
    () => (blueprint.data ? { ...blueprint.data, settings: style } : undefined),
    [blueprint.data, style],
  );
  const layouts = useMemo(
    () => (blueprint.data ? insertableLayouts(layoutsOf(blueprint.data)) : []),
    [blueprint.data],
  );
  return {
    previewDoc,
    layouts,
    isPending: blueprint.isPending && Boolean(album.blueprint_album_id),
    isError: blueprint.isError,
  };
}
