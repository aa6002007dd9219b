import { memo } from 'react';
import type { ElementProps } from '@stickerbook/model';
import { ElementFrame, type ContentProps, type ElProps } from '../ElementFrame.tsx';
import { svgId, useImageVariant, useRenderOptions } from '../RenderContext.tsx';
import { sameContent } from '../transform.ts';
import { CroppedPhoto } from '../image/CroppedPhoto.tsx';
import { filterSteps } from '../image/filters.ts';
import { cornerRadius, shapePaint } from './shapePaint.tsx';

/** Stock photos have no image record; the host resolves them through imageUrlFor('pexels:<id>'). */
function imageKeyOf(p: ElementProps): string | undefined {
  if (typeof p.image === 'string' && p.image !== '') return p.image;
  if (typeof p.pexelsId === 'number') return `pexels:${p.pexelsId}`;
  return undefined;
}

const ImageContent = memo(function ImageContent({ id, props }: ContentProps) {
  const p = props as ElementProps;
  const options = useRenderOptions();
  const variant = useImageVariant();
  const key = imageKeyOf(p);
  const url = key ? options.imageUrlFor?.(key, variant) : undefined;
  const radius = cornerRadius(p);
  const { defs, attrs } = shapePaint(options, id, { ...p, fill: undefined });
  return (
    <>
      {url ? (
        <CroppedPhoto
          url={url}
          size={key ? options.imageSizeFor?.(key) : undefined}
          width={p.width}
          height={p.height}
          radius={radius}
          crop={p}
          clipId={svgId(options, id, 'clip')}
          filterId={svgId(options, id, 'filter')}
          steps={filterSteps(p, options.colors)}
        />
      ) : (
        !options.printMode && <ImagePlaceholder width={p.width} height={p.height} radius={radius} />
      )}
      {attrs.stroke && (
        <>
          {defs}
          <rect width={p.width} height={p.height} rx={radius || undefined} {...attrs} fill="none" />
        </>
      )}
    </>
  );
}, sameContent);

function ImagePlaceholder({ width, height, radius }: { width: number; height: number; radius: number }) {
  const icon = Math.min(width, height) * 0.3;
  return (
    <g data-placeholder="image">
      <rect width={width} height={height} rx={radius || undefined} fill="#e9ecef" />
      <path
        transform={`translate(${(width - icon) / 2} ${(height - icon) / 2}) scale(${icon / 24})`}
        d="M3 5h18v14H3z M6 16l4-5 3 4 2-2 3 3z"
        fill="#adb5bd"
        fillRule="evenodd"
      />
    </g>
  );
}

export function ImageEl({ node }: ElProps) {
  return (
    <ElementFrame node={node}>
      <ImageContent id={node.id} props={node.props} />
    </ElementFrame>
  );
}
