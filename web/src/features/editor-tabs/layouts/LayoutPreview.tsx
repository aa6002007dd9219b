import { SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM, type AlbumDocument } from '@stickerbook/model';
import { memo } from 'react';
import { SpreadSvg } from '../../../render/index.ts';
import { useStickerTemplates } from '../api.ts';

/** A layout drawn by our renderer at thumbnail size (one spread of the blueprint, in the album's style). */
export const LayoutPreview = memo(function LayoutPreview({
  doc,
  spreadId,
  widthPx,
}: {
  doc: AlbumDocument;
  spreadId: string;
  widthPx: number;
}) {
  const templates = useStickerTemplates().data;
  const zoom = widthPx / SPREAD_WIDTH_MM;
  return (
    <div
      style={{
        width: widthPx,
        height: SPREAD_HEIGHT_MM * zoom,
        boxShadow: '0 1px 3px rgba(0,0,0,.25)',
        background: '#fff',
      }}
    >
      <SpreadSvg doc={doc} spreadId={spreadId} zoom={zoom} templates={templates} imageVariant="small" />
    </div>
  );
});
