import { memo } from 'react';
import type { ElementProps } from '@stickerbook/model';
import { ElementFrame, type ContentProps, type ElProps } from '../ElementFrame.tsx';
import { svgId, useRenderOptions } from '../RenderContext.tsx';
import { paintValue, resolvePaint } from '../paint.ts';
import { PaintDef } from '../PaintDef.tsx';
import { sameContent } from '../transform.ts';

/**
 * A line runs across the middle of its box (default 100 x 1, SPEC §9). Its colour is the stroke, else
 * the fill; its thickness the stroke width, else the box height.
 */
const LineContent = memo(function LineContent({ id, props }: ContentProps) {
  const p = props as ElementProps;
  const options = useRenderOptions();
  const resolved = resolvePaint(p.stroke ?? p.fill ?? '#000000', options.colors);
  const gradientId = svgId(options, id, 'line');
  const thickness = p.strokeWidth && p.strokeWidth > 0 ? p.strokeWidth : Math.max(p.height, 0.1);
  return (
    <>
      {resolved.kind === 'linear' && (
        <defs>
          <PaintDef id={gradientId} paint={resolved} width={p.width} height={p.height} />
        </defs>
      )}
      <line
        x1={0}
        y1={p.height / 2}
        x2={p.width}
        y2={p.height / 2}
        stroke={paintValue(resolved, gradientId)}
        strokeWidth={thickness}
      />
    </>
  );
}, sameContent);

export function LineEl({ node }: ElProps) {
  return (
    <ElementFrame node={node}>
      <LineContent id={node.id} props={node.props} />
    </ElementFrame>
  );
}
