import { useMemo } from 'react';
import type { Sticker } from '@stickerbook/model';
import { DOUBLE_STICKER_CELL_MM, STICKER_CELL_MM } from '@stickerbook/model';
import { NodeSourceContext, svgId, useImageVariant, useRenderOptions } from '../RenderContext.tsx';
import { StaticNodeSource } from '../store/DocStore.ts';
import { CroppedPhoto } from '../image/CroppedPhoto.tsx';
import { StickerScopeContext } from '../text/StickerScopeContext.ts';
import { NodeView } from '../NodeView.tsx';
import { FallbackFrame } from './FallbackFrame.tsx';
import { pickTemplate } from './pickTemplate.ts';

const templateSources = new WeakMap<object, StaticNodeSource>();

interface StickerArtworkProps {
  cellId: string;
  sticker: Sticker;
  number?: number;
  width: number;
  height: number;
}

/**
 * A placed sticker: the photo (crop cx, cy, cscale, crotation of the sticker) under the album's frame
 * template in the sticker's own layout (`pickTemplate`), whose texts resolve name, position and number
 * for this sticker; a plain white frame when no template is known.
 */
export function StickerArtwork({ cellId, sticker, number, width, height }: StickerArtworkProps) {
  const options = useRenderOptions();
  const double = sticker.doubleSticker || width >= DOUBLE_STICKER_CELL_MM.width;
  const template = pickTemplate(options.templates, options.stickerTemplateId, double, sticker.stickerLayout);
  const scope = useMemo(() => ({ cellId, stickerId: sticker.id }), [cellId, sticker.id]);
  const variant = useImageVariant();
  const url = sticker.image ? options.imageUrlFor?.(sticker.image, variant) : undefined;
  const photo = (box: { x: number; y: number; width: number; height: number }) =>
    url ? (
      <g transform={`translate(${box.x} ${box.y})`}>
        <CroppedPhoto
          url={url}
          size={sticker.image ? options.imageSizeFor?.(sticker.image) : undefined}
          width={box.width}
          height={box.height}
          crop={sticker}
          clipId={svgId(options, cellId, 'photo')}
        />
      </g>
    ) : (
      <rect x={box.x} y={box.y} width={box.width} height={box.height} fill="#dee2e6" />
    );

  if (!template) {
    return (
      <FallbackFrame
        width={width}
        height={height}
        sticker={sticker}
        number={number}
        font={options.fonts.paragraph}
        photo={photo}
      />
    );
  }
  let source = templateSources.get(template);
  if (!source) {
    source = new StaticNodeSource(template.nodes);
    templateSources.set(template, source);
  }
  const size = template.double ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
  const childIds = source.childKey(template.rootId).split(',').filter(Boolean);
  // A sticker is cut at its cell edge, as the printed sticker is: template bands, ribbons and frame strokes
  // may be drawn larger than the cell (the curved band is a circle) and must not paint over neighbours.
  const clipId = svgId(options, cellId, 'cell');
  return (
    <g data-sticker-cell="filled" data-template={template.id} clipPath={`url(#${clipId})`}>
      <clipPath id={clipId}>
        <rect width={width} height={height} />
      </clipPath>
      {photo({ x: 0, y: 0, width, height })}
      <g transform={`scale(${width / size.width} ${height / size.height})`}>
        <NodeSourceContext.Provider value={source}>
          <StickerScopeContext.Provider value={scope}>
            {childIds.map((id) => (
              <NodeView key={id} id={id} />
            ))}
          </StickerScopeContext.Provider>
        </NodeSourceContext.Provider>
      </g>
    </g>
  );
}
