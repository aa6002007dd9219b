import { memo } from 'react';
import type { ElementProps } from '@stickerbook/model';
import { ElementFrame, type ContentProps, type ElProps } from '../ElementFrame.tsx';
import { useRenderOptions } from '../RenderContext.tsx';
import { sameContent } from '../transform.ts';
import { shapePaint } from './shapePaint.tsx';

/** SPEC's Circle is an ellipse filling its box. */
const CircleContent = memo(function CircleContent({ id, props }: ContentProps) {
  const p = props as ElementProps;
  const { defs, attrs } = shapePaint(useRenderOptions(), id, p);
  return (
    <>
      {defs}
      <ellipse cx={p.width / 2} cy={p.height / 2} rx={p.width / 2} ry={p.height / 2} {...attrs} />
    </>
  );
}, sameContent);

export function CircleEl({ node }: ElProps) {
  return (
    <ElementFrame node={node}>
      <CircleContent id={node.id} props={node.props} />
    </ElementFrame>
  );
}
