import { memo } from 'react';
import type { ElementProps } from '@stickerbook/model';
import { ElementFrame, type ContentProps, type ElProps } from '../ElementFrame.tsx';
import { useRenderOptions } from '../RenderContext.tsx';
import { sameContent } from '../transform.ts';
import { cornerRadius, shapePaint } from './shapePaint.tsx';

const RectangleContent = memo(function RectangleContent({ id, props }: ContentProps) {
  const p = props as ElementProps;
  const { defs, attrs } = shapePaint(useRenderOptions(), id, p);
  const radius = cornerRadius(p);
  return (
    <>
      {defs}
      <rect width={p.width} height={p.height} rx={radius || undefined} ry={radius || undefined} {...attrs} />
    </>
  );
}, sameContent);

export function RectangleEl({ node }: ElProps) {
  return (
    <ElementFrame node={node}>
      <RectangleContent id={node.id} props={node.props} />
    </ElementFrame>
  );
}
